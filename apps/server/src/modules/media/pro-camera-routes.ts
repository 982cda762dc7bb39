import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody, SdpOffer, StreamKey, StreamKeyStatus } from '@live-market/contract';
import { MediaError, type MediaServer } from '@live-market/media';
import type { Config } from '../../config/env.js';
import type { Db } from '../../db/client.js';
import { HttpError } from '../../plugins/errors.js';
import { currentUserId, requireUser, type Auth } from '../auth/index.js';
import { showForCamera, type StreamsService } from '../streams/index.js';
import { sellerIdOfUser } from '../sellers/index.js';
import { bearerOf, issueStreamKey, sellerOfStreamKey, streamKeyCreatedAt } from './stream-keys.js';

export interface ProCameraOptions {
  auth: Auth;
  config: Config;
  db: Db;
  streams: StreamsService;
  /** null: this instance serves no video (tests, or a misconfigured embedded SFU). */
  media: MediaServer | null;
  /** Called when a publisher connects, so the stream is not taken for abandoned. */
  onPublish: (streamId: string) => Promise<void>;
  shouldRecord: (streamId: string) => Promise<boolean>;
}

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 503: ErrorBody };
const SessionParam = z.object({ sessionId: z.string().min(1).max(100) });
// RFC 9725 lets browser-based clients on other origins publish: they hold a key, not a cookie.
const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'POST, DELETE, PATCH, OPTIONS',
  'access-control-allow-headers': 'Authorization, Content-Type, If-Match',
  'access-control-expose-headers': 'Location, ETag, Accept-Patch',
  'access-control-max-age': '86400',
};

/**
 * WHIP for OBS 30+ and Larix (RFC 9725) at PUBLIC_URL/api/whip with `Authorization: Bearer <stream key>`:
 * 201 with the answer, Location and ETag; DELETE the Location to stop; PATCH (trickle ICE) 405; GET and PUT
 * 405; an offer that is not application/sdp 415; a wrong key 401. The key publishes into the seller's
 * live show, or starts the next one announced on the dashboard. A new camera replaces the previous
 * publisher of the show (decision 032).
 */
export async function proCameraRoutes(base: FastifyInstance, opts: ProCameraOptions) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db, config, streams, media } = opts;
  const signedIn = requireUser(opts.auth);
  const whipUrl = `${config.publicUrl.replace(/\/$/, '')}/api/whip`;
  // Key sessions: the seller who opened each, so only that key can stop it; forgotten when the SFU lets go.
  const sessions = new Map<string, string>();
  media?.onSessionEnded((sessionId) => sessions.delete(sessionId));

  async function sellerIdOf(request: FastifyRequest) {
    const sellerId = await sellerIdOfUser(db, currentUserId(request));
    if (!sellerId) throw new HttpError(403, 'Only sellers can go live. Create your store first.');
    return sellerId;
  }

  app.get('/api/seller/stream-key', { onRequest: signedIn, schema: { response: { 200: StreamKeyStatus, ...errors } } }, async (request) => {
    const createdAt = await streamKeyCreatedAt(db, await sellerIdOf(request));
    return { createdAt: createdAt?.toISOString() ?? null, whipUrl };
  });
  app.post('/api/seller/stream-key', { onRequest: signedIn, schema: { response: { 201: StreamKey, ...errors } } }, async (request, reply) => {
    const key = await issueStreamKey(db, await sellerIdOf(request));
    return reply.code(201).header('cache-control', 'no-store').send({ key, whipUrl });
  });

  async function keyHolder(request: FastifyRequest, reply: FastifyReply) {
    reply.headers(CORS);
    const seller = await sellerOfStreamKey(db, bearerOf(request.headers.authorization));
    if (!seller) {
      reply.header('www-authenticate', 'Bearer realm="LiveMarket WHIP"');
      throw new HttpError(401, 'Wrong or missing stream key');
    }
    return seller;
  }


  app.options('/api/whip', async (_request, reply) => reply.code(204).headers({ ...CORS, 'accept-post': 'application/sdp' }).send());
  app.options('/api/whip/:sessionId', async (_request, reply) => reply.code(204).headers(CORS).send());
  // GET (and with it HEAD) and PUT are not WHIP.
  for (const method of ['GET', 'PUT'] as const) {
    app.route({ method, url: '/api/whip', handler: async (_request, reply) => notAllowed(reply, 'POST, OPTIONS') });
  }

  app.post('/api/whip', { onRequest: sdpOnly(CORS), schema: { body: SdpOffer } }, async (request, reply) => {
    const seller = await keyHolder(request, reply);
    if (!media) throw new HttpError(409, 'Live video is not available on this server');
    const streamId = await showForCamera(db, streams, seller);
    try {
      const session = await media.publish(streamId, request.body, { record: await opts.shouldRecord(streamId) });
      sessions.set(session.sessionId, seller.sellerId);
      await opts.onPublish(streamId);
      return reply
        .code(201)
        .type('application/sdp')
        .headers({ location: `/api/whip/${session.sessionId}`, etag: etagOf(session.answerSdp) })
        .send(session.answerSdp);
    } catch (error) {
      if (error instanceof MediaError) return reply.code(error.status).send({ message: error.message });
      throw error;
    }
  });

  async function ownKeySession(request: FastifyRequest, reply: FastifyReply, sessionId: string) {
    const seller = await keyHolder(request, reply);
    if (sessions.get(sessionId) !== seller.sellerId) throw new HttpError(404, 'No such media session');
  }

  app.delete('/api/whip/:sessionId', { schema: { params: SessionParam } }, async (request, reply) => {
    await ownKeySession(request, reply, request.params.sessionId);
    sessions.delete(request.params.sessionId);
    await media?.stopSession(request.params.sessionId);
    return reply.code(200).send();
  });
  // Trickle ICE and ICE restarts are not supported: every candidate is in the offer and the answer.
  app.patch('/api/whip/:sessionId', { schema: { params: SessionParam } }, async (request, reply) => {
    await ownKeySession(request, reply, request.params.sessionId);
    return notAllowed(reply, 'DELETE, OPTIONS');
  });
}

/** 405 with the methods the resource does take (RFC 9110). */
export function notAllowed(reply: FastifyReply, allow: string): never {
  reply.header('allow', allow);
  throw new HttpError(405, 'Method not allowed');
}

/** WHIP and WHEP take only application/sdp offers: anything else is refused with 415 before it is read. */
export function sdpOnly(headers: Record<string, string> = {}) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (!/^application\/sdp\b/i.test(request.headers['content-type'] ?? '')) {
      reply.headers(headers);
      throw new HttpError(415, 'Send the offer as application/sdp');
    }
  };
}

/** An entity tag for the session's answer (RFC 9725 asks for one on 201). */
export function etagOf(answerSdp: string): string {
  return `"${createHash('sha256').update(answerSdp).digest('base64url').slice(0, 22)}"`;
}
