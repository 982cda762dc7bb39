import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';

/** A test WebSocket client that queues every message, so none is missed between awaits. */
export class TestSocket {
  private queue: Array<Record<string, unknown>> = [];
  private waiters: Array<(m: Record<string, unknown>) => void> = [];
  /** Every message received, in order, whether or not a test has read it with next(). */
  readonly seen: Array<Record<string, unknown>> = [];
  /** The close code, kept from the moment the socket closed: a test asking later still gets it. */
  private closeCode: number | null = null;

  private constructor(
    readonly ws: WebSocket,
    /** The headers of the 101 answer (behind nginx: X-Upstream, the instance that took the socket). */
    readonly upgradeHeaders: Record<string, string | string[] | undefined> = {},
  ) {
    ws.once('close', (code) => (this.closeCode = code));
    ws.on('message', (data) => {
      const message = JSON.parse(String(data)) as Record<string, unknown>;
      this.seen.push(message);
      const waiter = this.waiters.shift();
      if (waiter) waiter(message);
      else this.queue.push(message);
    });
  }

  static connect(url: string, headers: Record<string, string>): Promise<TestSocket> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(url, { headers });
      let upgradeHeaders = {};
      ws.once('upgrade', (res) => (upgradeHeaders = res.headers));
      ws.once('open', () => resolve(new TestSocket(ws, upgradeHeaders)));
      ws.once('unexpected-response', (_req, res) => reject(new Error(String(res.statusCode))));
      ws.once('error', reject);
    });
  }

  send(message: unknown) {
    this.ws.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  next(timeoutMs = 5000): Promise<Record<string, unknown>> {
    const queued = this.queue.shift();
    if (queued) return Promise.resolve(queued);
    return new Promise((resolve, reject) => {
      const waiter = (m: Record<string, unknown>) => {
        clearTimeout(timer);
        resolve(m);
      };
      // A waiter that gave up leaves the line, or it would swallow the next message.
      const timer = setTimeout(() => {
        this.waiters.splice(this.waiters.indexOf(waiter), 1);
        reject(new Error('no message within timeout'));
      }, timeoutMs);
      this.waiters.push(waiter);
    });
  }

  /** Waits for the next message of a type, skipping others (e.g. viewer counts). */
  async nextOf(type: string, timeoutMs = 5000): Promise<Record<string, unknown>> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const m = await this.next(Math.max(1, deadline - Date.now()));
      if (m.type === type) return m;
    }
  }

  /** Resolves with the close code once the server (or we) closed the socket. */
  closed(timeoutMs = 5000): Promise<number> {
    if (this.closeCode !== null) return Promise.resolve(this.closeCode);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the socket did not close within timeout')), timeoutMs);
      this.ws.once('close', (code) => {
        clearTimeout(timer);
        resolve(code);
      });
    });
  }

  get isOpen() {
    return this.ws.readyState === WebSocket.OPEN;
  }

  close() {
    this.ws.close();
  }
}

export async function wsUrl(app: FastifyInstance): Promise<string> {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  return `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}/ws`;
}
