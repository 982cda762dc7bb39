import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config/env.js';
import { HttpError } from '../../plugins/errors.js';
import { verifyMediaToken } from './external-token.js';

// What MediaMTX posts to its `authHTTPAddress` before it lets a WHIP publisher or a WHEP reader in
// (its other fields: user, ip, protocol, id, userAgent). The token is the browser's
// `Authorization: Bearer`, or `?token=` for clients that cannot set a header.
const MediaMtxAuth = z.object({
  action: z.string().max(20),
  path: z.string().max(200),
  token: z.string().max(2000).optional(),
  password: z.string().max(2000).optional(),
  query: z.string().max(2000).optional(),
});

/**
 * MEDIA_MODE=external with MediaMTX (README): it asks this server whether a request may publish or
 * read a path; the token issued with GET …/media must name that stream and that role.
 */
export async function externalAuthRoutes(base: FastifyInstance, { config }: { config: Config }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const secret = config.media.token;
  if (config.media.mode !== 'external' || !secret) return;
  // The media server calls this for every viewer who joins: not a phone's API allowance.
  app.post('/api/media/external-auth', { config: { rateLimit: false }, schema: { body: MediaMtxAuth } }, async (request) => {
    const { action, path, token, password, query } = request.body;
    const given = token || password || new URLSearchParams(query ?? '').get('token') || '';
    const claims = given ? verifyMediaToken(given, secret) : null;
    const role = action === 'publish' ? 'publish' : action === 'read' ? 'play' : null;
    if (!claims || !role || claims.role !== role || claims.streamId !== path.replace(/^\/+|\/+$/g, '')) {
      throw new HttpError(401, 'Wrong or missing media token');
    }
    return { ok: true };
  });
}
