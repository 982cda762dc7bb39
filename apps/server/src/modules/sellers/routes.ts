import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { BusinessDetails, BusinessDetailsBody, CreateSellerBody, ErrorBody, FollowReply, Seller, SellerDashboard, SellerId, SellerProfile, VerificationBody, VerificationSubmission } from '@live-market/contract';
import type { Db } from '../../db/client.js';
import { currentUserId, requireUser, type Auth } from '../auth/index.js';
import type { UnreadPush } from '../notifications/index.js';
import { createSeller, follow, getSellerProfile, unfollow } from './service.js';
import { businessOf, saveBusiness } from './business.js';
import { sellerDashboard, storeOf, submitVerification } from './workspace.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

export async function sellersRoutes(base: FastifyInstance, opts: { auth: Auth; db: Db; pushUnread?: UnreadPush }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;
  const signedIn = requireUser(opts.auth);
  const schema = { params: SellerId, response: { 200: SellerProfile, ...errors } };
  const followSchema = { params: SellerId, response: { 200: FollowReply, ...errors } };

  app.post('/api/sellers', { onRequest: signedIn, schema: { body: CreateSellerBody, response: { 201: Seller, ...errors } } }, async (request, reply) =>
    reply.code(201).send(await createSeller(db, currentUserId(request), request.body)),
  );
  app.get('/api/seller/dashboard', { onRequest: signedIn, schema: { response: { 200: SellerDashboard, ...errors } } }, async (request) =>
    sellerDashboard(db, currentUserId(request)),
  );
  app.post(
    '/api/seller/verification',
    { onRequest: signedIn, schema: { body: VerificationBody, response: { 201: VerificationSubmission, ...errors } } },
    async (request, reply) => reply.code(201).send(await submitVerification(db, currentUserId(request), request.body)),
  );
  // Issue 26: the legal name, address, state, GSTIN (or enrolment number) and PAN their invoices carry.
  app.get('/api/seller/business', { onRequest: signedIn, schema: { response: { 200: BusinessDetails.nullable(), ...errors } } }, async (request) =>
    businessOf(db, (await storeOf(db, currentUserId(request))).id),
  );
  app.put('/api/seller/business', { onRequest: signedIn, schema: { body: BusinessDetailsBody, response: { 200: BusinessDetails, ...errors } } }, async (request) =>
    saveBusiness(db, (await storeOf(db, currentUserId(request))).id, request.body),
  );
  app.get('/api/sellers/:sellerId', { onRequest: signedIn, schema }, (request) =>
    getSellerProfile(db, request.params.sellerId, currentUserId(request)),
  );
  app.post('/api/sellers/:sellerId/follow', { onRequest: signedIn, schema: followSchema }, (request) =>
    follow(db, currentUserId(request), request.params.sellerId, opts.pushUnread),
  );
  app.delete('/api/sellers/:sellerId/follow', { onRequest: signedIn, schema: followSchema }, (request) =>
    unfollow(db, currentUserId(request), request.params.sellerId),
  );
}
