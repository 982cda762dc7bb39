import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import websocket from '@fastify/websocket';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import { ClientMessage, UNAUTHORIZED_MESSAGE, type LanguageCode, type ServerMessage } from '@live-market/contract';
import type { Config } from '../config/env.js';
import { languageOf, translateMessage } from '../i18n/index.js';
import { HttpError } from '../plugins/errors.js';
import { isForeignOrigin } from '../plugins/security.js';
import { pinSession, readSession, type Auth } from '../modules/auth/index.js';
import { ChatRefused } from '../modules/moderation/index.js';
import type { Client, Hub } from './hub.js';

export type MessageHandler = (client: Client, message: ClientMessage) => Promise<void>;

export interface RealtimeOptions {
  auth: Auth;
  config: Config;
  hub: Hub;
  displayNameOf: (userId: string) => Promise<string>;
  handle: MessageHandler;
}

/** Errors a handler throws with a 4xx status go back to the sender as an `error` message, in their language. */
function clientMessageOf(error: unknown, language: LanguageCode): string | null {
  if (error instanceof HttpError) return error.statusCode < 500 ? translateMessage(language, error.template, error.params) : null;
  const status = (error as { statusCode?: number })?.statusCode;
  return typeof status === 'number' && status < 500 ? translateMessage(language, (error as Error).message) : null;
}

/**
 * @fastify/websocket's error handler. A client's bad frame (too large, not valid WebSocket) closes its
 * socket and is logged briefly, at most once a minute with a count, so no client can flood the log;
 * any other error is ours and logged in full.
 */
export function websocketErrorHandler() {
  let loggedAt = -Infinity;
  let unlogged = 0;
  return (error: Error & { code?: unknown }, socket: WebSocket, request: { log: FastifyBaseLogger }) => {
    if (typeof error.code === 'string' && error.code.startsWith('WS_ERR_')) {
      unlogged += 1;
      if (Date.now() - loggedAt >= 60_000) {
        request.log.warn({ code: error.code, sockets: unlogged }, 'websocket: closed sockets that sent bad frames');
        loggedAt = Date.now();
        unlogged = 0;
      }
    } else {
      request.log.error({ err: error }, 'websocket failed');
    }
    socket.terminate();
  };
}

const WS_PATH = '/ws';
type UpgradeListener = (request: IncomingMessage, socket: Duplex, head: Buffer) => void;
const NOT_FOUND_BODY = JSON.stringify({ message: 'Not Found' });
const NOT_FOUND = `HTTP/1.1 404 Not Found\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${NOT_FOUND_BODY.length}\r\nConnection: close\r\n\r\n${NOT_FOUND_BODY}`;

/**
 * @fastify/websocket routes every upgrade through Fastify. Scoped to /ws, an upgrade to another path
 * would reach a route that answers it as plain HTTP and then leave its socket open, so those are
 * refused here, before any route runs. Returns how to stop.
 */
function upgradesOnlyTo(server: Server, path: string): () => void {
  const routed = server.listeners('upgrade').at(-1) as UpgradeListener;
  server.removeListener('upgrade', routed);
  const filtered: UpgradeListener = (request, socket, head) => {
    if ((request.url ?? '').split('?')[0] === path) return routed(request, socket, head);
    socket.end(NOT_FOUND);
  };
  server.on('upgrade', filtered);
  return () => void server.removeListener('upgrade', filtered);
}

/**
 * /ws and the WebSocket plugin in a scope of their own (issue 31): the plugin's hooks and handler
 * wrapper then run for /ws alone, not on every request the app serves.
 */
export async function registerRealtime(root: FastifyInstance, opts: RealtimeOptions) {
  await root.register(async (app) => {
    await app.register(websocket, { options: { maxPayload: 16 * 1024 }, errorHandler: websocketErrorHandler() });
    const stop = upgradesOnlyTo(root.server, WS_PATH);
    app.addHook('preClose', async () => stop());
    await realtimeRoutes(app, opts);
  });
}

async function realtimeRoutes(app: FastifyInstance, opts: RealtimeOptions) {
  const { hub } = opts;
  // Leaving rooms touches Redis and the database: let it finish before they are closed.
  const leaving = new Set<Promise<void>>();
  app.addHook('onClose', async () => {
    await Promise.allSettled([...leaving]);
  });
  app.get(
    WS_PATH,
    {
      websocket: true,
      // The upgrade is refused before it happens: foreign pages get 403, signed-out users 401.
      preValidation: async (request, reply) => {
        if (isForeignOrigin(request.headers, opts.config.publicOrigin)) return reply.code(403).send({ message: 'Forbidden: foreign origin' });
        request.user = await readSession(opts.auth, request);
        if (!request.user) return reply.code(401).send({ message: UNAUTHORIZED_MESSAGE });
      },
    },
    async (socket, request) => {
      const userId = request.user!.id;
      // The language the page was in when it connected (its cookie); a reconnect picks up a new choice.
      const language = languageOf(request);
      const client: Client = { socket, userId, sessionId: request.user!.sessionId, displayName: 'Shopper', joined: new Set() };
      // While this socket is open, the viewer's taps (bids, votes, orders) skip the session lookup.
      void pinSession(opts.auth, request, request.user!, socket);
      const send = (message: ServerMessage) => socket.readyState === socket.OPEN && socket.send(JSON.stringify(message));
      // Frames are handled one at a time per connection, in the order they came.
      let queue = Promise.resolve();
      // Frames wait for the user's channel too: once any reply arrives, the user's pushes will as well.
      // If that fails (database or Redis down) the socket is closed as "try again later": the client reconnects.
      const ready = Promise.all([opts.displayNameOf(userId).then((name) => (client.displayName = name)), hub.watchUser(client)]).then(
        () => true,
        (err) => {
          request.log.error({ err }, 'setting up a socket failed');
          socket.close(1011, 'Try again later');
          return false;
        },
      );

      socket.on('message', (raw) => {
        queue = queue.then(async () => {
          if (!(await ready)) return;
          let data: unknown;
          try {
            data = JSON.parse(String(raw));
          } catch {
            return void send({ type: 'error', message: translateMessage(language, 'Messages must be JSON') });
          }
          const parsed = ClientMessage.safeParse(data);
          if (!parsed.success) return void send({ type: 'error', message: translateMessage(language, parsed.error.issues[0]?.message ?? 'Invalid message') });
          try {
            await opts.handle(client, parsed.data);
          } catch (error) {
            // Issue 25: the answer names the chat line it is about, so its "Sending…" line can say so.
            const line = parsed.data.type === 'chat_message' && parsed.data.clientId ? { clientId: parsed.data.clientId } : {};
            if (error instanceof ChatRefused) {
              const streamId = 'streamId' in parsed.data ? parsed.data.streamId : undefined;
              return void send({
                type: 'chat_error',
                streamId,
                code: error.code,
                message: translateMessage(language, error.template, error.params),
                ...(error.retryAfterSeconds ? { retryAfterSeconds: error.retryAfterSeconds } : {}),
                ...line,
              });
            }
            const message = clientMessageOf(error, language);
            if (message === null) request.log.error({ err: error, type: parsed.data.type }, 'websocket message failed');
            send({ type: 'error', message: message ?? translateMessage(language, 'Something went wrong'), ...line });
          }
        }).catch((err) => request.log.error({ err }, 'websocket frame failed'));
      });
      socket.on('close', () => {
        const left = queue
          .then(async () => void (await Promise.all([hub.leaveAll(client), hub.unwatchUser(client)])))
          .catch((err) => request.log.error({ err }, 'leaving rooms failed'));
        leaving.add(left);
        void left.finally(() => leaving.delete(left));
      });
    },
  );
}
