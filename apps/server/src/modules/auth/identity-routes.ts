import type { FastifyInstance } from 'fastify';
import { toNodeHandler } from 'better-auth/node';
import { REQUEST_ID_HEADER } from '../../plugins/request-id.js';
import { AUTH_BASE_PATH, type Auth } from './auth.js';

// better-auth's own routes under /api/identity/*. Only session management is exposed: codes are
// sent and checked by /api/login/*, which applies our per-number and per-IP limits first.
const EXPOSED = new Set(['/get-session', '/sign-out', '/list-sessions', '/revoke-session', '/revoke-other-sessions', '/ok']);

export async function identityRoutes(app: FastifyInstance, opts: { auth: Auth }) {
  const handler = toNodeHandler(opts.auth);
  // better-auth reads the raw body itself.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));
  app.all(`${AUTH_BASE_PATH}/*`, async (request, reply) => {
    const path = request.url.slice(AUTH_BASE_PATH.length).split('?')[0] ?? '';
    if (!EXPOSED.has(path)) return reply.code(404).send({ message: 'Not Found' });
    // better-auth writes the raw response, which has none of the reply's headers: the request id is put there.
    reply.raw.setHeader(REQUEST_ID_HEADER, request.id);
    reply.hijack();
    await handler(request.raw, reply.raw);
  });
}
