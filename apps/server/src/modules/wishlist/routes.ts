import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AddToWishlistBody, ErrorBody, WishlistItem, WishlistItemIdParam, WishlistItemList } from '@live-market/contract';
import type { Db } from '../../db/client.js';
import { currentUserId, requireUser, type Auth } from '../auth/index.js';
import { addToWishlist, listWishlist, removeFromWishlist } from './service.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody };

// SPEC 7 wishlist calls, plus POST for the heart on every product card.
export async function wishlistRoutes(base: FastifyInstance, opts: { auth: Auth; db: Db }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;
  const signedIn = requireUser(opts.auth);

  app.get('/api/wishlist', { onRequest: signedIn, schema: { response: { 200: WishlistItemList, ...errors } } }, (request) =>
    listWishlist(db, currentUserId(request)),
  );
  app.post(
    '/api/wishlist',
    { onRequest: signedIn, schema: { body: AddToWishlistBody, response: { 200: WishlistItem, 201: WishlistItem, ...errors } } },
    async (request, reply) => {
      const { item, created } = await addToWishlist(db, currentUserId(request), request.body.productId);
      return reply.code(created ? 201 : 200).send(item);
    },
  );
  app.delete('/api/wishlist/:id', { onRequest: signedIn, schema: { params: WishlistItemIdParam, response: { 204: z.null(), ...errors } } }, async (request, reply) => {
    await removeFromWishlist(db, currentUserId(request), request.params.id);
    return reply.code(204).send(null);
  });
}
