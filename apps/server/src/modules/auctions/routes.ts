import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Auction, AuctionId, BidBody, CreateAuctionBody, CurrentAuction, ErrorBody, StreamId } from '@live-market/contract';
import { HttpError } from '../../plugins/errors.js';
import type { Limiter } from '../../plugins/limits.js';
import { currentUserId, readSession, requireUser, type Auth } from '../auth/index.js';
import type { AuctionsService } from './service.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

export interface AuctionsRoutesOptions {
  auth: Auth;
  auctions: AuctionsService;
  limiter: Limiter;
}

// A person taps "Bid" a few times a second at most; a script hammering the auction's lock does not.
const BIDS_PER_USER = 10;
const BID_WINDOW_SECONDS = 5;

// Issue 14: live auctions. The server's clock decides; every answer carries serverNow for countdowns.
export async function auctionsRoutes(base: FastifyInstance, opts: AuctionsRoutesOptions) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const signedIn = requireUser(opts.auth);
  const { auctions } = opts;

  app.post('/api/streams/:id/auctions', { onRequest: signedIn, schema: { params: StreamId, body: CreateAuctionBody, response: { 201: Auction, ...errors } } }, async (request, reply) =>
    reply.code(201).send(await auctions.start(currentUserId(request), request.params.id, request.body)),
  );

  app.get('/api/streams/:id/auction/active', { schema: { params: StreamId, response: { 200: CurrentAuction, ...errors } } }, async (request, reply) => {
    const user = await readSession(opts.auth, request);
    return reply.header('cache-control', 'no-store').send(await auctions.current(request.params.id, user?.id));
  });

  app.get('/api/auctions/:id', { schema: { params: AuctionId, response: { 200: Auction, ...errors } } }, async (request, reply) => {
    const user = await readSession(opts.auth, request);
    return reply.header('cache-control', 'no-store').send(await auctions.get(request.params.id, user?.id));
  });

  // Bids are the hot path of a show: a crowd bids from one carrier NAT, so the limit is per person, not per IP.
  app.post(
    '/api/auctions/:id/bids',
    { onRequest: signedIn, config: { rateLimit: false }, schema: { params: AuctionId, body: BidBody, response: { 201: Auction, 429: ErrorBody, ...errors } } },
    async (request, reply) => {
      const userId = currentUserId(request);
      const { allowed, retryAfterSeconds } = await opts.limiter.hit(`bid:${userId}`, BIDS_PER_USER, BID_WINDOW_SECONDS);
      if (!allowed) throw new HttpError(429, 'Too many requests. Try again in {{count}} seconds.', { count: retryAfterSeconds }, retryAfterSeconds);
      return reply.code(201).send(await auctions.bid(userId, request.params.id, request.body));
    },
  );

  app.delete('/api/auctions/:id', { onRequest: signedIn, schema: { params: AuctionId, response: { 204: z.null(), ...errors } } }, async (request, reply) => {
    await auctions.cancel(currentUserId(request), request.params.id);
    return reply.code(204).send(null);
  });
}
