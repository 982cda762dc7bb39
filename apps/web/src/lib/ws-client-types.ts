import type { ServerMessage } from '@live-market/contract/realtime';

// The WebSocket client's types and defaults (ws-client.ts), in their own module to keep the client short.

export type ConnectionStatus = 'idle' | 'connecting' | 'open' | 'reconnecting';

export type MessageListener = (message: ServerMessage) => void;
export type StatusListener = (status: ConnectionStatus) => void;

/** The part of the browser's WebSocket this client uses (a fake one stands in for it in tests). */
export type SocketLike = {
  readonly readyState: number;
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
};
export type SocketFactory = (url: string) => SocketLike;

export type WsClientOptions = {
  url?: () => string;
  createSocket?: SocketFactory;
  /** First reconnect delay; doubles per failed attempt up to maxDelayMs (with jitter). */
  minDelayMs?: number;
  maxDelayMs?: number;
  random?: () => number;
  /** A room left by every user of it is left on the server after this delay (a quick re-join, as in React's StrictMode, keeps it). */
  leaveDelayMs?: number;
  /** The socket closes once no room has been wanted for this long. */
  idleCloseMs?: number;
  /** The server closed the socket because its session ended (signed out in another tab or device). */
  onSessionEnded?: () => void;
};

export const OPEN = 1;
export const RECONNECT_MIN_DELAY_MS = 500;
export const RECONNECT_MAX_DELAY_MS = 10_000;

export function defaultSocketUrl(): string {
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss:' : 'ws:'}//${host}/ws`;
}

/** A frame the server sent: an object with a type (the client then switches on it). */
export function isServerMessage(value: unknown): value is ServerMessage {
  return typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string';
}
