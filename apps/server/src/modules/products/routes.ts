import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody, Product, ProductBody, ProductList, ProductPage } from '@live-market/contract';
import type { Db } from '../../db/client.js';
import { currentUserId, requireUser, type Auth } from '../auth/index.js';
import { createProduct, findProductPage, listSellerProducts, updateProduct } from './service.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

export async function productsRoutes(base: FastifyInstance, opts: { auth: Auth; db: Db }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;
  const signedIn = requireUser(opts.auth);

  app.post('/api/products', { onRequest: signedIn, schema: { body: ProductBody, response: { 201: Product, ...errors } } }, async (request, reply) =>
    reply.code(201).send(await createProduct(db, currentUserId(request), request.body)),
  );
  app.patch(
    '/api/products/:id',
    { onRequest: signedIn, schema: { params: z.object({ id: z.uuid() }), body: ProductBody, response: { 200: Product, ...errors } } },
    async (request) => updateProduct(db, currentUserId(request), request.params.id, request.body),
  );
  app.get(
    '/api/products/:id',
    { onRequest: signedIn, schema: { params: z.object({ id: z.uuid('Invalid product id') }), response: { 200: ProductPage, ...errors } } },
    async (request) => findProductPage(db, request.params.id),
  );
  app.get(
    '/api/products/seller/:sellerId',
    { onRequest: signedIn, schema: { params: z.object({ sellerId: z.uuid() }), response: { 200: ProductList, ...errors } } },
    async (request) => listSellerProducts(db, request.params.sellerId, currentUserId(request)),
  );
}
