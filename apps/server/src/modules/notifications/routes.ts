import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorBody, Notification, NotificationIdParam, NotificationList, UnreadCount } from '@live-market/contract';
import type { Db } from '../../db/client.js';
import { languageOf } from '../../i18n/index.js';
import { currentUserId, requireUser, type Auth } from '../auth/index.js';
import type { UnreadPush } from './push.js';
import { listNotifications, markAllRead, markRead, unreadCounts } from './service.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody };

// SPEC 7 notification calls: each user sees and marks only their own.
export async function notificationsRoutes(base: FastifyInstance, opts: { auth: Auth; db: Db; pushUnread: UnreadPush }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db, pushUnread } = opts;
  const signedIn = requireUser(opts.auth);

  app.get('/api/notifications', { onRequest: signedIn, schema: { response: { 200: NotificationList, ...errors } } }, (request) =>
    listNotifications(db, currentUserId(request), languageOf(request)),
  );
  app.get('/api/notifications/unread-count', { onRequest: signedIn, schema: { response: { 200: UnreadCount, ...errors } } }, async (request) => {
    const userId = currentUserId(request);
    return { count: (await unreadCounts(db, [userId])).get(userId) ?? 0 };
  });
  app.patch(
    '/api/notifications/:id/read',
    { onRequest: signedIn, schema: { params: NotificationIdParam, response: { 200: Notification, ...errors } } },
    async (request) => {
      const userId = currentUserId(request);
      const row = await markRead(db, userId, request.params.id, languageOf(request));
      await pushUnread([userId]);
      return row;
    },
  );
  app.patch('/api/notifications/read-all', { onRequest: signedIn, schema: { response: { 200: UnreadCount, ...errors } } }, async (request) => {
    const userId = currentUserId(request);
    await markAllRead(db, userId);
    await pushUnread([userId]);
    return { count: 0 };
  });
}
