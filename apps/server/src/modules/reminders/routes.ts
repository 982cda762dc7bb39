import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorBody, ReminderState, StreamId } from '@live-market/contract';
import { currentUserId, requireUser, type Auth } from '../auth/index.js';
import type { RemindersService } from './service.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody, 409: ErrorBody };

// Issue 13: "Remind me" on an upcoming show. The reminders themselves go out from the job queue.
export async function remindersRoutes(base: FastifyInstance, opts: { auth: Auth; reminders: RemindersService }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { reminders } = opts;
  const signedIn = requireUser(opts.auth);

  app.post('/api/streams/:id/reminders', { onRequest: signedIn, schema: { params: StreamId, response: { 200: ReminderState, ...errors } } }, (request) =>
    reminders.remind(currentUserId(request), request.params.id),
  );

  app.delete('/api/streams/:id/reminders', { onRequest: signedIn, schema: { params: StreamId, response: { 200: ReminderState, ...errors } } }, (request) =>
    reminders.forget(currentUserId(request), request.params.id),
  );
}
