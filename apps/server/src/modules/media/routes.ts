import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody, MediaEndpoints, SdpAnswer, SdpOffer, StreamId, ViewerDeliveryBody } from '@live-market/contract';
import { MediaError } from '@live-market/media';
import { HttpError } from '../../plugins/errors.js';
import { currentUserId, requireUser } from '../auth/index.js';
import { externalAuthRoutes } from './external-auth-routes.js';
import { etagOf, notAllowed, proCameraRoutes, sdpOnly, type ProCameraOptions } from './pro-camera-routes.js';
import { turnCredentials } from './turn.js';
import { issueMediaToken } from './external-token.js';

const SessionParams = StreamId.extend({ sessionId: z.string().min(1).max(100) });
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 503: ErrorBody };

/** What the pro-camera routes need too; the cookie routes ask about recording through `recording`. */
export interface MediaRoutesOptions extends Omit<ProCameraOptions, 'shouldRecord'> {
  /** Issue 13: whether a show is recorded (asked when its camera connects), and the external server's recording. */
  recording?: { shouldRecord(streamId: string): Promise<boolean>; externalPublishing(streamId: string): Promise<void> };
}

// WHIP (publish) and WHEP (play): SDP offer in, 201 + answer + Location out; DELETE the Location to stop.
export async function mediaRoutes(base: FastifyInstance, opts: MediaRoutesOptions) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { config, streams, media } = opts;
  const signedIn = requireUser(opts.auth);
  // Who opened which session, so only they (or the stream owner) can close it.
  const sessions = new Map<string, { userId: string; streamId: string; kind: 'whip' | 'whep' }>();
  // A tab closed without a DELETE, a peer that never connected: forgotten when the SFU lets it go.
  media?.onSessionEnded((sessionId) => sessions.delete(sessionId));

  app.addContentTypeParser('application/sdp', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_request, body, done) => done(null, body));
  // Trickle ICE fragments (RFC 8840) are read so that PATCH can answer 405, not 415.
  app.addContentTypeParser('application/trickle-ice-sdpfrag', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_request, body, done) => done(null, body));
  await app.register(externalAuthRoutes, { config });
  // OBS and Larix: WHIP with a stream key (same SDP parser, same SFU).
  await app.register(proCameraRoutes, {
    auth: opts.auth,
    config,
    db: opts.db,
    streams,
    media,
    onPublish: opts.onPublish,
    shouldRecord: async (streamId) => (await opts.recording?.shouldRecord(streamId)) ?? false,
  });

  app.get('/api/streams/:id/media', { onRequest: signedIn, schema: { params: StreamId, response: { 200: MediaEndpoints, ...errors } } }, async (request) => {
    const streamId = request.params.id;
    const { ownerId, isLive } = await streams.ownership(streamId);
    // Phones on networks that block UDP reach the media through TURN (UDP, TCP or TLS on 443).
    const iceServers = config.turn ? [turnCredentials(config.turn, currentUserId(request))] : [];
    if (config.media.mode === 'external') {
      const userId = currentUserId(request);
      // Publishing is for the owner of a show that is still on; an ended show only plays.
      const role = userId === ownerId && isLive ? 'publish' : 'play';
      // The external server records what it is sent; the show's replay is its URL (MEDIA_RECORDING_URL).
      if (role === 'publish') await opts.recording?.externalPublishing(streamId);
      return {
        mode: 'external' as const,
        whipUrl: config.media.whipUrl!.replaceAll('{streamId}', streamId),
        whepUrl: config.media.whepUrl!.replaceAll('{streamId}', streamId),
        token: config.media.token ? issueMediaToken({ streamId, userId, role }, config.media.token) : undefined,
        iceServers,
      };
    }
    const mode = config.media.mode === 'janus' ? ('janus' as const) : ('embedded' as const);
    return { mode, whipUrl: `/api/streams/${streamId}/whip`, whepUrl: `/api/streams/${streamId}/whep`, iceServers };
  });

  async function answer(reply: FastifyReply, location: string, run: () => Promise<{ sessionId: string; answerSdp: string }>) {
    if (!media) throw new HttpError(409, 'Live video is not available on this server');
    try {
      const session = await run();
      return reply
        .code(201)
        .type('application/sdp')
        .headers({ location: `${location}/${session.sessionId}`, etag: etagOf(session.answerSdp) })
        .send(session.answerSdp);
    } catch (error) {
      if (error instanceof MediaError) return reply.code(error.status).send({ message: error.message });
      throw error;
    }
  }

  async function liveStream(streamId: string) {
    const detail = await streams.detail(streamId);
    if (!detail.isLive) throw new HttpError(409, 'This stream has ended');
    return detail;
  }

  app.post('/api/streams/:id/whip', { onRequest: [signedIn, sdpOnly()], schema: { params: StreamId, body: SdpOffer } }, async (request, reply) => {
    const streamId = request.params.id;
    const userId = currentUserId(request);
    const detail = await liveStream(streamId);
    if (detail.seller.userId !== userId) throw new HttpError(403, 'Only the seller of this stream can publish to it');
    // Every show is recorded unless its seller switched recording off when starting it.
    const record = (await opts.recording?.shouldRecord(streamId)) ?? false;
    return answer(reply, `/api/streams/${streamId}/whip`, async () => {
      const session = await media!.publish(streamId, request.body, { record });
      sessions.set(session.sessionId, { userId, streamId, kind: 'whip' });
      await opts.onPublish(streamId);
      return session;
    });
  });

  // Janus (decision 034) makes the offer: an empty POST gets it, and the answer comes by PATCH.
  const WhepBody = media?.offerPlay ? z.union([SdpOffer, z.literal('')]).optional() : SdpOffer;
  app.post('/api/streams/:id/whep', { onRequest: [signedIn, sdpOnly()], schema: { params: StreamId, body: WhepBody } }, async (request, reply) => {
    const streamId = request.params.id;
    await liveStream(streamId);
    const offerSdp = request.body ?? '';
    return answer(reply, `/api/streams/${streamId}/whep`, async () => {
      // A client's offer to a server that offers is refused by play() with a 409 that says what to do.
      const session = offerSdp || !media!.offerPlay ? await media!.play(streamId, offerSdp) : await media!.offerPlay(streamId);
      sessions.set(session.sessionId, { userId: currentUserId(request), streamId, kind: 'whep' });
      return session;
    });
  });

  /** The session's opener, or 404/403 for anyone else; a WHEP session is not found at a WHIP address. */
  function ownSession(request: { params: { id: string; sessionId: string } }, userId: string, kind: 'whip' | 'whep') {
    const owner = sessions.get(request.params.sessionId);
    if (!owner || owner.streamId !== request.params.id || owner.kind !== kind) throw new HttpError(404, 'No such media session');
    if (owner.userId !== userId) throw new HttpError(403, 'Not your media session');
    return owner;
  }

  // JSON: audio only and data saver for one viewer. application/sdp: the viewer's answer to Janus's offer.
  app.patch(
    '/api/streams/:id/whep/:sessionId',
    {
      onRequest: signedIn,
      // Trickle ICE is not taken (the offer carries every candidate): 405, as RFC 9725 allows.
      preValidation: async (request, reply) => {
        if (/^application\/trickle-ice-sdpfrag\b/i.test(request.headers['content-type'] ?? '')) notAllowed(reply, 'PATCH, DELETE');
      },
      schema: { params: SessionParams, body: media?.answerPlay ? z.union([SdpAnswer, ViewerDeliveryBody]) : ViewerDeliveryBody, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      ownSession(request, currentUserId(request), 'whep');
      if (!media) throw new HttpError(409, 'Live video is not available on this server');
      const body = request.body;
      try {
        if (typeof body === 'string') {
          await media.answerPlay!(request.params.sessionId, body);
        } else {
          await media.setViewerDelivery(request.params.sessionId, body);
        }
      } catch (error) {
        if (error instanceof MediaError) return reply.code(error.status).send({ message: error.message });
        throw error;
      }
      return reply.code(204).send(null);
    },
  );

  // The same WHIP/WHEP rules as /api/whip (RFC 9725), for the browser's cookie endpoints: GET and PUT
  // 405, trickle ICE on a WHIP session 405. Same-origin only: watching needs a signed-in viewer (decision 032).
  for (const kind of ['whip', 'whep'] as const) {
    for (const method of ['GET', 'PUT'] as const) {
      app.route({ method, url: `/api/streams/:id/${kind}`, handler: async (_request, reply) => notAllowed(reply, 'POST') });
    }
  }
  app.patch('/api/streams/:id/whip/:sessionId', { onRequest: signedIn, schema: { params: SessionParams } }, async (request, reply) => {
    ownSession(request, currentUserId(request), 'whip');
    return notAllowed(reply, 'DELETE');
  });

  for (const kind of ['whip', 'whep'] as const) {
    app.delete(`/api/streams/:id/${kind}/:sessionId`, { onRequest: signedIn, schema: { params: SessionParams } }, async (request, reply) => {
      ownSession(request, currentUserId(request), kind);
      sessions.delete(request.params.sessionId);
      await media?.stopSession(request.params.sessionId);
      return reply.code(204).send();
    });
  }
}
