import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CreateReviewBody, ErrorBody, OrderIdParam, ReplyBody, Review, ReviewIdParam, ReviewList, ReviewsQuery, SellerId, StoreReviews, StoreTrust } from '@live-market/contract';
import { currentUserId, requireUser, type Auth } from '../auth/index.js';
import type { Db } from '../../db/client.js';
import type { ReviewsService } from './service.js';
import { trustOf } from './trust.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

// Issue 28: verified reviews (only a delivered item's buyer, once), the store's one reply, its rating.
export async function reviewsRoutes(base: FastifyInstance, opts: { auth: Auth; reviews: ReviewsService; db: Db }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const signedIn = requireUser(opts.auth);
  app.post('/api/orders/:orderId/reviews', { onRequest: signedIn, schema: { params: OrderIdParam, body: CreateReviewBody, response: { 201: Review, ...errors } } }, async (request, reply) =>
    reply.code(201).send(await opts.reviews.create(currentUserId(request), request.params.orderId, request.body)),
  );
  app.get('/api/orders/:orderId/reviews', { onRequest: signedIn, schema: { params: OrderIdParam, response: { 200: ReviewList, ...errors } } }, (request) =>
    opts.reviews.ofOrder(currentUserId(request), request.params.orderId),
  );
  // Public, like the store's shows: a shopper deciding whether to buy may not have signed in yet.
  app.get('/api/sellers/:sellerId/reviews', { schema: { params: SellerId, querystring: ReviewsQuery, response: { 200: StoreReviews, ...errors } } }, (request) =>
    opts.reviews.ofStore(request.params.sellerId, request.query.cursor),
  );
  app.get('/api/sellers/:sellerId/trust', { schema: { params: SellerId, response: { 200: StoreTrust, ...errors } } }, (request) => trustOf(opts.db, request.params.sellerId));
  app.post('/api/reviews/:id/reply', { onRequest: signedIn, schema: { params: ReviewIdParam, body: ReplyBody, response: { 200: Review, ...errors } } }, (request) =>
    opts.reviews.reply(currentUserId(request), request.params.id, request.body.text),
  );
}
