import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody, Replay, StreamId } from '@live-market/contract';
import { currentUserId, requireUser, type Auth } from '../auth/index.js';
import { sendFileRange } from './range.js';
import type { ReplaysService } from './service.js';

const errors = { 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

// Issue 13: a show's replay — its video (range requests, so a phone can seek), the products featured
// and the chat at their moments. Signed in, like the show itself; only its seller deletes it.
export async function replaysRoutes(base: FastifyInstance, opts: { auth: Auth; replays: ReplaysService }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { replays } = opts;
  const signedIn = requireUser(opts.auth);

  app.get('/api/streams/:id/replay', { onRequest: signedIn, schema: { params: StreamId, response: { 200: Replay, ...errors } } }, (request) =>
    replays.replay(request.params.id, currentUserId(request)),
  );

  app.delete(
    '/api/streams/:id/replay',
    { onRequest: signedIn, schema: { params: StreamId, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await replays.remove(request.params.id, currentUserId(request));
      return reply.code(204).send(null);
    },
  );

  // The WebM itself: <video src> sends the session cookie. Not compressed (video does not shrink), and
  // cached by the browser only: who may watch is checked on every request.
  app.get('/api/streams/:id/replay/video', { onRequest: signedIn, compress: false, schema: { params: StreamId } }, async (request, reply) => {
    const file = await replays.videoFile(request.params.id);
    reply.header('cache-control', 'private, max-age=3600');
    return sendFileRange(request, reply, file, 'video/webm');
  });
}
