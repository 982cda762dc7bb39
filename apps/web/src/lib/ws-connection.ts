import { WsClient } from './ws-client';

// The tab's one socket, shared by every feature; the client itself is ws-client.ts.

let shared: WsClient | null = null;

/** The tab's one real-time connection (created on first use; it opens when a room is joined). */
export function getWsClient(): WsClient {
  if (!shared) {
    const client = new WsClient();
    // Created during a server render too (decision 020), where there is no window and nothing to reconnect.
    if (typeof window !== 'undefined') {
      window.addEventListener('online', () => client.reconnectNow());
      document.addEventListener('visibilitychange', () => {
        if (document.visibilityState === 'visible') client.resume();
      });
    }
    shared = client;
  }
  return shared;
}
