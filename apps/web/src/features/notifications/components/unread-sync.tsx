import { useUnreadRealtime } from '../hooks/use-unread-realtime';

/** Renders nothing: mounted once for signed-in users (lazily, so the socket code stays out of the first chunk). */
export function UnreadSync() {
  useUnreadRealtime();
  return null;
}
