import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AddModeratorBody,
  Ban,
  BanBody,
  BanList,
  ChatKeywords,
  ChatSettings,
  ChatSettingsPatch,
  ErrorBody,
  InvitationAccepted,
  InvitationIdParam,
  InvitationRemoved,
  MessageIdParam,
  ModerationLog,
  ModeratorInvitation,
  ModeratorInvitationList,
  ModeratorList,
  MyModeratorInvitationList,
  ReportedMessageList,
  ReportReply,
  SellerId,
  SellerInvitationParam,
  SellerUserParam,
  StreamId,
} from '@live-market/contract';
import { currentUserId, requireUser, type Auth } from '../auth/index.js';
import type { ModerationService } from './service.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 429: ErrorBody };
const Deleted = z.object({ messageId: z.uuid(), deleted: z.literal(true) });
const Removed = z.object({ userId: z.uuid(), removed: z.literal(true) });

// Issue 12's paths, kept exactly: other clients and tests rely on them. Issue 25 added the invitations.
export async function moderationRoutes(base: FastifyInstance, opts: { auth: Auth; moderation: ModerationService }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { moderation } = opts;
  const { invitations } = moderation;
  const signedIn = requireUser(opts.auth);

  app.get('/api/sellers/:sellerId/moderators', { onRequest: signedIn, schema: { params: SellerId, response: { 200: ModeratorList, ...errors } } }, (request) =>
    moderation.moderators(currentUserId(request), request.params.sellerId),
  );
  // Issue 25: this now sends an invitation (201, the invitation), the same for any phone number.
  app.post(
    '/api/sellers/:sellerId/moderators',
    { onRequest: signedIn, schema: { params: SellerId, body: AddModeratorBody, response: { 201: ModeratorInvitation, ...errors } } },
    async (request, reply) => reply.code(201).send(await invitations.invite(currentUserId(request), request.params.sellerId, request.body)),
  );
  app.get(
    '/api/sellers/:sellerId/moderator-invitations',
    { onRequest: signedIn, schema: { params: SellerId, response: { 200: ModeratorInvitationList, ...errors } } },
    (request) => invitations.forStore(currentUserId(request), request.params.sellerId),
  );
  app.delete(
    '/api/sellers/:sellerId/moderator-invitations/:invitationId',
    { onRequest: signedIn, schema: { params: SellerInvitationParam, response: { 200: InvitationRemoved, ...errors } } },
    (request) => invitations.cancel(currentUserId(request), request.params.sellerId, request.params.invitationId),
  );
  app.get('/api/moderator-invitations', { onRequest: signedIn, schema: { response: { 200: MyModeratorInvitationList, ...errors } } }, (request) =>
    invitations.mine(currentUserId(request)),
  );
  app.post(
    '/api/moderator-invitations/:invitationId/accept',
    { onRequest: signedIn, schema: { params: InvitationIdParam, response: { 200: InvitationAccepted, ...errors } } },
    (request) => invitations.accept(currentUserId(request), request.params.invitationId),
  );
  app.post(
    '/api/moderator-invitations/:invitationId/decline',
    { onRequest: signedIn, schema: { params: InvitationIdParam, response: { 200: InvitationRemoved, ...errors } } },
    (request) => invitations.decline(currentUserId(request), request.params.invitationId),
  );
  app.delete(
    '/api/sellers/:sellerId/moderators/:userId',
    { onRequest: signedIn, schema: { params: SellerUserParam, response: { 200: Removed, ...errors } } },
    async (request) => {
      await moderation.removeModerator(currentUserId(request), request.params.sellerId, request.params.userId);
      return { userId: request.params.userId, removed: true as const };
    },
  );

  app.get('/api/sellers/:sellerId/bans', { onRequest: signedIn, schema: { params: SellerId, response: { 200: BanList, ...errors } } }, (request) =>
    moderation.bans(currentUserId(request), request.params.sellerId),
  );
  app.post(
    '/api/sellers/:sellerId/bans',
    { onRequest: signedIn, schema: { params: SellerId, body: BanBody, response: { 201: Ban, ...errors } } },
    async (request, reply) => reply.code(201).send(await moderation.ban(currentUserId(request), request.params.sellerId, request.body)),
  );
  app.delete(
    '/api/sellers/:sellerId/bans/:userId',
    { onRequest: signedIn, schema: { params: SellerUserParam, response: { 200: Removed, ...errors } } },
    async (request) => {
      await moderation.unban(currentUserId(request), request.params.sellerId, request.params.userId);
      return { userId: request.params.userId, removed: true as const };
    },
  );
  app.get(
    '/api/sellers/:sellerId/moderation-log',
    { onRequest: signedIn, schema: { params: SellerId, response: { 200: ModerationLog, ...errors } } },
    (request) => moderation.log(currentUserId(request), request.params.sellerId),
  );

  app.delete('/api/messages/:messageId', { onRequest: signedIn, schema: { params: MessageIdParam, response: { 200: Deleted, ...errors } } }, async (request) => {
    await moderation.deleteMessage(currentUserId(request), request.params.messageId);
    return { messageId: request.params.messageId, deleted: true as const };
  });
  app.post(
    '/api/messages/:messageId/reports',
    { onRequest: signedIn, schema: { params: MessageIdParam, response: { 201: ReportReply, ...errors } } },
    async (request, reply) => {
      await moderation.report(currentUserId(request), request.params.messageId);
      return reply.code(201).send({ messageId: request.params.messageId, reported: true as const });
    },
  );

  app.get('/api/streams/:id/reports', { onRequest: signedIn, schema: { params: StreamId, response: { 200: ReportedMessageList, ...errors } } }, (request) =>
    moderation.reported(currentUserId(request), request.params.id),
  );
  app.patch(
    '/api/streams/:id/chat-settings',
    { onRequest: signedIn, schema: { params: StreamId, body: ChatSettingsPatch, response: { 200: ChatSettings, ...errors } } },
    (request) => moderation.updateChatSettings(currentUserId(request), request.params.id, request.body),
  );

  app.get('/api/seller/chat-keywords', { onRequest: signedIn, schema: { response: { 200: ChatKeywords, ...errors } } }, async (request) => ({
    words: await moderation.keywords(currentUserId(request)),
  }));
  app.put(
    '/api/seller/chat-keywords',
    { onRequest: signedIn, schema: { body: ChatKeywords, response: { 200: ChatKeywords, ...errors } } },
    async (request) => ({ words: await moderation.setKeywords(currentUserId(request), request.body.words) }),
  );
}
