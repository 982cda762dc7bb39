import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { currentUserId, requireUser, type Auth } from '../auth/index.js';
import { exportUserData } from './export.js';

// Issue 28, item 4: the Digital Personal Data Protection Act's access right, as a download.
export async function privacyRoutes(app: FastifyInstance, opts: { auth: Auth; db: Db }) {
  const signedIn = requireUser(opts.auth);
  app.get('/api/me/export', { onRequest: signedIn }, async (request, reply) => {
    const data = await exportUserData(opts.db, currentUserId(request));
    const day = data.exportedAt.slice(0, 10);
    return reply
      .header('content-disposition', `attachment; filename="livemarket-my-data-${day}.json"`)
      .header('cache-control', 'no-store')
      .type('application/json; charset=utf-8')
      .send(JSON.stringify(data, null, 2));
  });
}
