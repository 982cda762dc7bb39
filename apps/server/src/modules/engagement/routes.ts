import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AnswerBody,
  AnswerResult,
  CreatePollBody,
  CreateQuizBody,
  EndBody,
  ErrorBody,
  GiftEarnings,
  Poll,
  PollIdParam,
  PollVote,
  Quiz,
  QuizAttempt,
  QuizIdParam,
  RecentGift,
  RecentGiftList,
  SendGiftBody,
  StreamId,
  VoteBody,
  Wallet,
} from '@live-market/contract';
import type { Redis } from 'ioredis';
import type { Db } from '../../db/client.js';
import type { Hub } from '../../realtime/hub.js';
import { currentUserId, readSession, requireUser, type Auth } from '../auth/index.js';
import { createGiftsService } from './gifts-service.js';
import { createPollsService } from './polls-service.js';
import { createQuizzesService } from './quizzes-service.js';
import { memoryVoteStore, redisVoteStore } from './vote-store.js';
import { createVoteWriter } from './vote-writer.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
// Voting and ending a poll pause (503) while Redis is away (decision 051).
const pollErrors = { ...errors, 503: ErrorBody };

export interface EngagementOptions {
  auth: Auth;
  db: Db;
  hub: Hub;
  /** Votes are decided in Redis when there is one (every instance shares them), in memory otherwise. */
  redis?: Redis;
  redisPrefix?: string;
  onError?: (err: unknown) => void;
}

// SPEC 7 poll, quiz and gift calls. Stream paths use `:id` like the streams module: one param name per position.
export async function engagementRoutes(base: FastifyInstance, opts: EngagementOptions) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const signedIn = requireUser(opts.auth);
  const shared = opts.redis ? redisVoteStore(opts.redis, opts.redisPrefix ?? '') : null;
  await shared?.connect();
  const store = shared ?? memoryVoteStore();
  const writer = createVoteWriter(opts.db, { onError: opts.onError });
  const polls = createPollsService({ db: opts.db, hub: opts.hub, store, writer });
  const quizzes = createQuizzesService(opts);
  const gifts = createGiftsService(opts);
  app.addHook('onClose', async () => {
    await polls.close();
    shared?.disconnect();
  });

  // ---- Polls ----

  // Public (SPEC 6: a visitor can see poll results) and refetched every 2 s by every viewer: no session
  // lookup, no per-IP limit (a carrier NAT puts thousands behind one address), served from a cache.
  app.get('/api/streams/:id/poll/active', { config: { rateLimit: false }, schema: { params: StreamId } }, async (request, reply) =>
    reply.type('application/json; charset=utf-8').header('cache-control', 'no-cache').send(await polls.activeJson(request.params.id)),
  );

  app.post(
    '/api/streams/:id/polls',
    { onRequest: signedIn, schema: { params: StreamId, body: CreatePollBody, response: { 201: Poll, ...errors } } },
    async (request, reply) => reply.code(201).send(await polls.create(currentUserId(request), request.params.id, request.body)),
  );

  app.get(
    '/api/polls/:pollId/vote',
    { onRequest: signedIn, schema: { params: PollIdParam, response: { 200: PollVote.nullable(), ...errors } } },
    async (request, reply) => reply.send(await polls.ownVote(currentUserId(request), request.params.pollId)),
  );

  // No per-person request limit here: a repeat costs one read of the vote store, less than the limit's own count.
  // No compression either way: every answer is a few dozen bytes, under the compressor's threshold, and
  // the body is one option id, which no client compresses.
  app.post(
    '/api/polls/:pollId/vote',
    { onRequest: signedIn, config: { rateLimit: false }, compress: false, decompress: false, schema: { params: PollIdParam, body: VoteBody, response: { 201: PollVote, ...pollErrors } } },
    async (request, reply) => reply.code(201).send(await polls.vote(currentUserId(request), request.params.pollId, request.body.optionId)),
  );

  app.patch(
    '/api/polls/:pollId',
    { onRequest: signedIn, schema: { params: PollIdParam, body: EndBody, response: { 200: Poll, ...pollErrors } } },
    (request) => polls.end(currentUserId(request), request.params.pollId),
  );

  // ---- Quizzes ----

  // Public like the poll; the session, when there is one, only decides whether correct answers are shown.
  app.get('/api/streams/:id/quiz/active', { schema: { params: StreamId, response: { 200: Quiz.nullable(), ...errors } } }, async (request, reply) => {
    const session = request.headers.cookie ? await readSession(opts.auth, request, reply) : null;
    return reply.send(await quizzes.active(request.params.id, session?.id ?? null));
  });

  app.post(
    '/api/streams/:id/quizzes',
    { onRequest: signedIn, schema: { params: StreamId, body: CreateQuizBody, response: { 201: Quiz, ...errors } } },
    async (request, reply) => reply.code(201).send(await quizzes.create(currentUserId(request), request.params.id, request.body)),
  );

  app.get(
    '/api/quizzes/:quizId/attempt',
    { onRequest: signedIn, schema: { params: QuizIdParam, response: { 200: QuizAttempt.nullable(), ...errors } } },
    async (request, reply) => reply.send(await quizzes.attempt(currentUserId(request), request.params.quizId)),
  );

  app.post(
    '/api/quizzes/:quizId/answer',
    { onRequest: signedIn, schema: { params: QuizIdParam, body: AnswerBody, response: { 200: AnswerResult, ...errors } } },
    (request) => quizzes.answer(currentUserId(request), request.params.quizId, request.body),
  );

  app.patch(
    '/api/quizzes/:quizId',
    { onRequest: signedIn, schema: { params: QuizIdParam, body: EndBody, response: { 200: Quiz, ...errors } } },
    (request) => quizzes.end(currentUserId(request), request.params.quizId),
  );

  // ---- Wallet and gifts ----

  app.get('/api/wallet', { onRequest: signedIn, schema: { response: { 200: Wallet, ...errors } } }, (request) => gifts.wallet(currentUserId(request)));

  app.post(
    '/api/streams/:id/gifts',
    { onRequest: signedIn, schema: { params: StreamId, body: SendGiftBody, response: { 201: RecentGift, ...errors } } },
    async (request, reply) => reply.code(201).send(await gifts.send(currentUserId(request), request.params.id, request.body)),
  );

  app.get(
    '/api/streams/:id/gifts',
    { onRequest: signedIn, schema: { params: StreamId, response: { 200: RecentGiftList, ...errors } } },
    (request) => gifts.recent(request.params.id),
  );

  app.get(
    '/api/streams/:id/gifts/earnings',
    { onRequest: signedIn, schema: { params: StreamId, response: { 200: GiftEarnings, ...errors } } },
    (request) => gifts.earnings(currentUserId(request), request.params.id),
  );
}
