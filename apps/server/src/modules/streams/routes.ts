import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ChatMessageList,
  CreateStreamBody,
  ErrorBody,
  LiveStream,
  LiveStreamList,
  ProductList,
  ShowLanguageQuery,
  StreamDetail,
  StreamId,
  UpcomingStreamList,
  UpdateStreamBody,
} from '@live-market/contract';
import { currentUserId, requireUser, type Auth } from '../auth/index.js';
import type { LiveStreamsCache } from './live-cache.js';
import type { FastAnswers } from '../../plugins/fast-answers.js';
import type { StreamsService } from './service.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

export async function streamsRoutes(base: FastifyInstance, opts: { auth: Auth; streams: StreamsService; live: LiveStreamsCache; fast?: FastAnswers }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { streams, live } = opts;
  const signedIn = requireUser(opts.auth);

  // Public: what is live is no secret, and it keeps the busiest call free of a session lookup.
  // Exempt from the per-IP rate limit: it is served from a one-second cache (decision 003).
  // While the list is fresh, a plain GET is answered before Fastify (decision 057) with these same headers.
  const headers = { contentType: 'application/json; charset=utf-8', cacheControl: 'no-cache' };
  opts.fast?.answer('/api/streams/live', live.fresh, headers);
  app.get('/api/streams/live', { config: { rateLimit: false } }, (_request, reply) => {
    reply.type(headers.contentType).header('cache-control', headers.cacheControl).header('vary', 'accept-encoding');
    const body = live.fresh();
    return body ? reply.send(body) : live.body().then((fetched) => reply.send(fetched));
  });

  app.get(
    '/api/streams/seller/:sellerId',
    { onRequest: signedIn, schema: { params: z.object({ sellerId: z.uuid() }), response: { 200: LiveStreamList, ...errors } } },
    async (request) => streams.listOfSeller(request.params.sellerId, currentUserId(request)),
  );

  app.get(
    '/api/streams/upcoming',
    { onRequest: signedIn, schema: { querystring: ShowLanguageQuery.extend({ sellerId: z.uuid('Invalid seller id').optional() }), response: { 200: UpcomingStreamList, ...errors } } },
    (request) => streams.upcoming(currentUserId(request), request.query),
  );

  app.get('/api/streams/:id', { onRequest: signedIn, schema: { params: StreamId, response: { 200: StreamDetail, ...errors } } }, (request) =>
    streams.detail(request.params.id, currentUserId(request)),
  );

  app.post('/api/streams', { onRequest: signedIn, schema: { body: CreateStreamBody, response: { 201: LiveStream, ...errors } } }, async (request, reply) => {
    const { title, description, scheduledFor, thumbnailUrl, productIds, recording, language } = request.body;
    const created = await streams.create(currentUserId(request), { title, description, scheduledFor, thumbnailUrl, productIds, recording, language });
    return reply.code(201).send(created);
  });

  app.patch(
    '/api/streams/:id',
    { onRequest: signedIn, schema: { params: StreamId, body: UpdateStreamBody, response: { 200: LiveStream, ...errors } } },
    (request) =>
      request.body.isLive ? streams.start(currentUserId(request), request.params.id) : streams.end(currentUserId(request), request.params.id),
  );

  // Cancels a show that has not started (a live one is ended with PATCH instead).
  app.delete('/api/streams/:id', { onRequest: signedIn, schema: { params: StreamId, response: { 204: z.null(), ...errors } } }, async (request, reply) => {
    await streams.cancel(currentUserId(request), request.params.id);
    return reply.code(204).send(null);
  });

  app.get('/api/streams/:id/products', { onRequest: signedIn, schema: { params: StreamId, response: { 200: ProductList, ...errors } } }, (request) =>
    streams.products(request.params.id),
  );

  app.get(
    '/api/streams/:id/messages',
    { onRequest: signedIn, schema: { params: StreamId, response: { 200: ChatMessageList, ...errors } } },
    (request) => streams.messages(request.params.id),
  );
}
