import type { ClientMessage } from '@live-market/contract/realtime';
import { SESSION_ENDED_CLOSE_CODE, SOCKET_LIMIT_CLOSE_CODE } from '@live-market/contract/constants';
import { backoffDelay } from './backoff';
import {
  OPEN,
  RECONNECT_MAX_DELAY_MS,
  RECONNECT_MIN_DELAY_MS,
  defaultSocketUrl,
  isServerMessage,
  type ConnectionStatus,
  type MessageListener,
  type SocketLike,
  type StatusListener,
  type WsClientOptions,
} from './ws-client-types';

// SPEC section 7: one real-time channel, a WebSocket at /ws on the same host (wss: on https pages),
// opened only for a signed-in user. One socket per tab, shared by every stream room the page is in.

export type { ConnectionStatus, SocketLike } from './ws-client-types';

type Room = { userId: string; refs: number; leaveTimer: ReturnType<typeof setTimeout> | null };

export class WsClient {
  private socket: SocketLike | null = null;
  private status: ConnectionStatus = 'idle';
  private attempt = 0;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private idleTimer: ReturnType<typeof setTimeout> | null = null;
  private readonly rooms = new Map<string, Room>();
  /** Holders that want the socket open without a room (the signed-in user's own messages). */
  private holds = 0;
  private readonly messageListeners = new Set<MessageListener>();
  private readonly statusListeners = new Set<StatusListener>();
  private readonly options: Required<WsClientOptions>;

  constructor(options: WsClientOptions = {}) {
    this.options = {
      url: defaultSocketUrl,
      createSocket: (url) => new WebSocket(url),
      minDelayMs: RECONNECT_MIN_DELAY_MS,
      maxDelayMs: RECONNECT_MAX_DELAY_MS,
      random: Math.random,
      leaveDelayMs: 100,
      idleCloseMs: 5000,
      onSessionEnded: () => window.location.assign('/'),
      ...options,
    };
  }

  getStatus(): ConnectionStatus {
    return this.status;
  }

  /** Receives every valid server message; returns the unsubscribe function. */
  subscribe(listener: MessageListener): () => void {
    this.messageListeners.add(listener);
    return () => this.messageListeners.delete(listener);
  }

  onStatusChange(listener: StatusListener): () => void {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  }

  /**
   * Joins a stream's room as the signed-in user (opening the socket if needed) and keeps it joined
   * across reconnects. Rooms are counted: the returned function leaves once every joiner has left.
   */
  joinStream(streamId: string, userId: string): () => void {
    this.clearIdleTimer();
    const room = this.rooms.get(streamId);
    if (room) {
      room.refs++;
      if (room.leaveTimer) clearTimeout(room.leaveTimer);
      room.leaveTimer = null;
    } else {
      this.rooms.set(streamId, { userId, refs: 1, leaveTimer: null });
      this.sendNow({ type: 'join_stream', streamId, userId });
    }
    this.ensureSocket();
    let left = false;
    return () => {
      if (left) return;
      left = true;
      this.releaseRoom(streamId);
    };
  }

  /**
   * Keeps the socket open (and reconnecting) while held, even with no room joined: the server sends
   * a signed-in socket its user's own messages (unread notifications). Returns the release function.
   */
  retain(): () => void {
    this.clearIdleTimer();
    this.holds++;
    this.ensureSocket();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.holds--;
      if (!this.isWanted()) this.scheduleIdleClose();
    };
  }

  /** Skips a pending reconnect delay (the browser came back online). */
  reconnectNow(): void {
    if (!this.reconnectTimer) return;
    this.clearReconnectTimer();
    this.open();
  }

  /** Opens the socket again if the page still wants it but it was let go (the person is back on this tab). */
  resume(): void {
    if (this.isWanted()) this.ensureSocket();
  }

  /** Sends a message now; false when the socket is not open (nothing is queued). */
  send(message: ClientMessage): boolean {
    return this.sendNow(message);
  }

  /** Closes the socket for good and forgets every room (sign-out, tests). */
  destroy(): void {
    for (const room of this.rooms.values()) if (room.leaveTimer) clearTimeout(room.leaveTimer);
    this.rooms.clear();
    this.holds = 0;
    this.clearIdleTimer();
    this.clearReconnectTimer();
    this.closeSocket();
    this.setStatus('idle');
  }

  private releaseRoom(streamId: string): void {
    const room = this.rooms.get(streamId);
    if (!room) return;
    room.refs--;
    if (room.refs > 0 || room.leaveTimer) return;
    room.leaveTimer = setTimeout(() => {
      room.leaveTimer = null;
      if (room.refs > 0) return;
      this.rooms.delete(streamId);
      this.sendNow({ type: 'leave_stream', streamId });
      if (!this.isWanted()) this.scheduleIdleClose();
    }, this.options.leaveDelayMs);
  }

  private isWanted(): boolean {
    return this.rooms.size > 0 || this.holds > 0;
  }

  private sendNow(message: ClientMessage): boolean {
    if (this.socket?.readyState !== OPEN) return false;
    try {
      this.socket.send(JSON.stringify(message));
      return true;
    } catch (error) {
      console.warn('[ws] send failed', error);
      return false;
    }
  }

  private ensureSocket(): void {
    if (this.socket || this.reconnectTimer) return;
    this.open();
  }

  private open(): void {
    this.reconnectTimer = null;
    this.setStatus(this.attempt === 0 ? 'connecting' : 'reconnecting');
    let socket: SocketLike;
    try {
      socket = this.options.createSocket(this.options.url());
    } catch (error) {
      console.warn('[ws] could not open the socket', error);
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      if (this.socket !== socket) return;
      this.attempt = 0;
      // The server forgets rooms with the connection: join every room the page is still in, before
      // 'open' is announced, so what a listener sends then (chat lines waiting to go) follows the join.
      for (const [streamId, room] of this.rooms) this.sendNow({ type: 'join_stream', streamId, userId: room.userId });
      this.setStatus('open');
    };
    socket.onmessage = (event) => this.handleMessage(event.data);
    socket.onerror = () => {
      // A close event always follows; the reconnect happens there.
    };
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      this.socket = null;
      if (event.code === SESSION_ENDED_CLOSE_CODE) {
        // Reconnecting would only be refused: the page starts again signed out.
        this.setStatus('idle');
        this.options.onSessionEnded();
        return;
      }
      if (event.code === SOCKET_LIMIT_CLOSE_CODE) {
        // Newer tabs of this account took the connections (this one was the oldest): reconnecting at once
        // would only push out another. It comes back when the person returns to this tab (resume).
        this.setStatus('idle');
        return;
      }
      if (this.isWanted()) {
        console.warn(`[ws] connection closed (${event.code}); reconnecting`);
        this.scheduleReconnect();
      } else {
        this.setStatus('idle');
      }
    };
  }

  private handleMessage(data: unknown): void {
    let json: unknown;
    try {
      json = JSON.parse(String(data));
    } catch {
      console.warn('[ws] dropped a message that is not JSON');
      return;
    }
    // Our own server's messages, checked against the contract by the server's tests; a full zod parse
    // here would put zod on every signed-in page for the header's unread count (decision 012).
    if (!isServerMessage(json)) {
      console.warn('[ws] dropped an invalid message', json);
      return;
    }
    for (const listener of [...this.messageListeners]) {
      try {
        listener(json);
      } catch (error) {
        console.error('[ws] a message listener failed', error);
      }
    }
  }

  private scheduleReconnect(): void {
    this.clearReconnectTimer();
    const delay = backoffDelay(this.attempt, { minMs: this.options.minDelayMs, maxMs: this.options.maxDelayMs, random: this.options.random });
    this.attempt++;
    this.setStatus('reconnecting');
    this.reconnectTimer = setTimeout(() => this.open(), delay);
  }

  private scheduleIdleClose(): void {
    this.clearIdleTimer();
    this.idleTimer = setTimeout(() => {
      this.idleTimer = null;
      if (this.isWanted()) return;
      this.clearReconnectTimer();
      this.attempt = 0;
      this.closeSocket();
      this.setStatus('idle');
    }, this.options.idleCloseMs);
  }

  private closeSocket(): void {
    const socket = this.socket;
    this.socket = null;
    if (!socket) return;
    socket.onopen = socket.onmessage = socket.onerror = socket.onclose = null;
    try {
      socket.close(1000, 'done');
    } catch {
      // Closing a socket that never opened may throw in some browsers; it is gone either way.
    }
  }

  private clearReconnectTimer(): void {
    clearTimeout(this.reconnectTimer ?? undefined);
    this.reconnectTimer = null;
  }

  private clearIdleTimer(): void {
    clearTimeout(this.idleTimer ?? undefined);
    this.idleTimer = null;
  }

  private setStatus(status: ConnectionStatus): void {
    if (this.status === status) return;
    this.status = status;
    for (const listener of [...this.statusListeners]) listener(status);
  }
}
