// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- janode ships no types; every project compiling this file needs the shim
/// <reference path="./janode.d.ts" />
// MEDIA_MODE=janus (decision 034): Janus nodes carry the video, the app keeps the WHIP/WHEP
// endpoints. A show's publisher joins a VideoRoom on the least loaded node; each node with viewers of
// the show has a Streaming mountpoint fed by an RTP forwarder from that room. Janus 1.1 (Debian's)
// offers to its viewers, so a viewer's session is an offer from us and an answer from the browser.
import { randomUUID } from 'node:crypto';
import Janode from 'janode';
import StreamingPlugin, { type StreamingHandle } from 'janode/plugins/streaming';
import VideoRoomPlugin, { type VideoRoomHandle } from 'janode/plugins/videoroom';
import { MediaError } from '../errors.js';
import { MediaEvents } from '../media-events.js';
import type { MediaLogger, MediaNodeStats, MediaServer, MediaSession, PublishOptions, ViewerDelivery } from '../types.js';
import { DemoFeeder } from './demo-feeder.js';
import { JanusRecording } from './janus-recording.js';
import { type JanusMediaOptions, type Session, type Show, videoCodecOf } from './janus-show.js';
import { publisherLayers, type PublisherLayers } from './simulcast.js';
import { janusCode, JanusNode, type VideoCodec } from './janus-node.js';

import { forwardPublisher, leastLoadedNode, makeRelay, nodeForViewer, relayOn } from './janus-relays.js';

export { type JanusMediaOptions, videoCodecOf } from './janus-show.js';

const quiet = { info() {}, warn() {}, error() {} };

export class JanusMedia extends MediaEvents implements MediaServer {
  readonly #nodes: JanusNode[];
  readonly #viewersPerNode: number;
  readonly #log: MediaLogger;
  readonly #shows = new Map<string, Show>();
  readonly #sessions = new Map<string, Session>();
  readonly #options: JanusMediaOptions;
  readonly #recordingHost: string;

  constructor(options: JanusMediaOptions) {
    super();
    if (!options.urls.length) throw new Error('MEDIA_MODE=janus needs JANUS_URL');
    this.#options = options;
    this.#recordingHost = options.recordingHost ?? '127.0.0.1';
    this.#log = options.logger ?? quiet;
    this.#viewersPerNode = options.viewersPerNode ?? 500;
    const admin = options.admin;
    if (admin && admin.urls.length !== options.urls.length) throw new Error('JANUS_ADMIN_URL needs one address for each JANUS_URL node');
    this.#nodes = options.urls.map((url, i) => new JanusNode(i, url, this.#log, admin && { url: admin.urls[i]!, secret: admin.secret }));
    for (const node of this.#nodes) node.onLost(() => this.#nodeLost(node));
  }

  #show(streamId: string): Show {
    let show = this.#shows.get(streamId);
    if (!show) this.#shows.set(streamId, (show = { id: streamId, relays: new Map(), viewers: new Map(), codec: 'vp8' }));
    return show;
  }

  async publish(streamId: string, offerSdp: string, options: PublishOptions = {}): Promise<MediaSession> {
    const show = this.#show(streamId);
    // A new camera replaces the old one, and a real camera the demo clip.
    if (show.publisher) await this.stopSession(show.publisher.sessionId);
    show.demo?.stop();
    show.demo = undefined;
    const node = show.roomNode?.available ? show.roomNode : await leastLoadedNode(this.#nodes);
    await node.ensureRoom(streamId);
    show.roomNode = node;
    const sessionId = randomUUID();
    const handle = await node.attach<VideoRoomHandle>(VideoRoomPlugin);
    const layers = publisherLayers(offerSdp);
    let answerSdp: string;
    try {
      const jsep = { type: 'offer' as const, sdp: offerSdp, rid_order: layers.ridOrder };
      const joined = await handle.joinConfigurePublisher({ room: streamId, feed: sessionId, display: 'seller', jsep });
      if (!joined.jsep?.sdp) throw new Error('no answer');
      answerSdp = joined.jsep.sdp;
    } catch (error) {
      await handle.detach().catch(() => {});
      throw this.#refused(error, 'The video server could not use this offer');
    }
    this.#track(sessionId, { kind: 'whip', streamId, node, handle });
    show.publisher = { sessionId, node, flowing: false, layers };
    handle.on(Janode.EVENT.HANDLE_MEDIA, ({ type, receiving }: { type?: string; receiving?: boolean }) => {
      if (type !== 'video' || show.publisher?.sessionId !== sessionId) return;
      show.publisher.flowing = Boolean(receiving);
      this.tellPublisherStatus(streamId, receiving ? 'live' : 'reconnecting');
    });
    handle.on(Janode.EVENT.HANDLE_WEBRTCUP, () => {
      if (show.publisher?.sessionId === sessionId) show.publisher.flowing = true;
    });
    // A camera in another codec than the mountpoints play: they are made again in its codec (their
    // viewers are hung up and their players reconnect); the others get the new camera's stream.
    const codec = videoCodecOf(answerSdp);
    const recodec = codec !== show.codec;
    show.codec = codec;
    for (const [relayNode, relay] of show.relays) {
      if (recodec) makeRelay(show, relayNode);
      else void relay.then((r) => forwardPublisher(show, r)).catch((err) => this.#log.warn({ err, streamId }, 'could not forward a publisher to a Janus node'));
    }
    if (options.record) await this.#record(show, node, sessionId, codec, layers);
    return { sessionId, answerSdp };
  }

  /** The camera's RTP also goes to this app, into the show's recording; a failure costs the replay, not the show. */
  async #record(show: Show, node: JanusNode, sessionId: string, codec: VideoCodec, layers: PublisherLayers) {
    const dir = this.#options.recordingsDir;
    if (!dir) return;
    try {
      show.recording ??= JanusRecording.open(show.id, {
        dir,
        host: this.#recordingHost,
        idleMs: this.#options.recordingIdleMs,
        log: this.#log,
        emit: (event) => {
          this.#log.info({ ...event }, `recording ${event.type}`);
          this.tellRecording(event);
        },
      });
      const recording = await show.recording;
      recording.attach(sessionId, codec, layers);
      await node.forward(show.id, sessionId, this.#recordingHost, recording.ports);
    } catch (error) {
      this.#log.error({ err: error, streamId: show.id }, 'could not record a show on Janus');
    }
  }

  async startDemoSource(streamId: string): Promise<void> {
    const show = this.#show(streamId);
    if (show.demo || show.publisher) return;
    // The clip is VP8: mountpoints left in H.264 by an earlier camera are made again.
    if (show.codec !== 'vp8') {
      show.codec = 'vp8';
      for (const node of show.relays.keys()) makeRelay(show, node);
    }
    const demo = new DemoFeeder();
    show.demo = demo;
    for (const relay of show.relays.values()) {
      void relay.then((r) => demo.addTarget(String(r.node.index), r.node.host, r.ports)).catch(() => {});
    }
  }

  play(): Promise<MediaSession> {
    return Promise.reject(new MediaError('This video server sends the offer: POST an empty body, then PATCH the answer', 409));
  }

  /** A viewer: Janus's offer (answerSdp holds it); the browser's answer comes through answerPlay. */
  async offerPlay(streamId: string): Promise<MediaSession> {
    const show = this.#show(streamId);
    const node = await nodeForViewer(show, this.#nodes, this.#viewersPerNode);
    await relayOn(show, node);
    const handle = await node.attach<StreamingHandle>(StreamingPlugin);
    const sessionId = randomUUID();
    try {
      const status = await handle.watch({ id: streamId });
      if (!status.jsep?.sdp) throw new Error('no offer');
      this.#track(sessionId, { kind: 'whep', streamId, node, handle });
      return { sessionId, answerSdp: status.jsep.sdp };
    } catch (error) {
      await handle.detach().catch(() => {});
      throw this.#refused(error, 'The video server could not start this viewer');
    }
  }

  async answerPlay(sessionId: string, answerSdp: string): Promise<void> {
    const session = this.#sessions.get(sessionId);
    if (!session || session.kind !== 'whep') throw new MediaError('No such media session', 404);
    try {
      await (session.handle as StreamingHandle).start({ jsep: { type: 'answer', sdp: answerSdp } });
    } catch (error) {
      throw this.#refused(error, 'The video server could not use this answer');
    }
  }

  #refused(error: unknown, message: string): MediaError {
    if (error instanceof MediaError) return error;
    const code = janusCode(error);
    this.#log.warn({ err: error }, message);
    // Janus's 4xx codes are about what was sent (a bad SDP); anything else is the server's trouble.
    return new MediaError(message, code !== null && code >= 400 && code < 500 ? 400 : 503);
  }

  #track(sessionId: string, session: Session) {
    this.#sessions.set(sessionId, session);
    session.node.load += 1;
    if (session.kind === 'whep') this.#countViewer(session, 1);
    const gone = () => void this.#end(sessionId, true);
    session.handle.once(Janode.EVENT.HANDLE_HANGUP, gone);
    session.handle.once(Janode.EVENT.HANDLE_DETACHED, gone);
    session.handle.once(Janode.EVENT.HANDLE_ICE_FAILED, gone);
  }

  #countViewer({ streamId, node }: Session, change: 1 | -1) {
    const viewers = this.#shows.get(streamId)?.viewers;
    if (!viewers) return;
    const count = (viewers.get(node) ?? 0) + change;
    if (count > 0) viewers.set(node, count);
    else viewers.delete(node);
  }

  /** peerLeft: the browser went away (not our stopSession), which tells the seller's viewers. */
  async #end(sessionId: string, peerLeft: boolean) {
    const session = this.#sessions.get(sessionId);
    if (!session) return;
    this.#sessions.delete(sessionId);
    session.node.load = Math.max(0, session.node.load - 1);
    if (session.kind === 'whep') this.#countViewer(session, -1);
    const show = this.#shows.get(session.streamId);
    if (session.kind === 'whip') void show?.recording?.then((r) => r.detach(sessionId)).catch(() => {});
    if (session.kind === 'whip' && show?.publisher?.sessionId === sessionId) {
      show.publisher = undefined;
      if (peerLeft) {
        this.tellPublisherGone(session.streamId);
        this.tellPublisherStatus(session.streamId, 'reconnecting');
      }
    }
    await session.handle.detach().catch(() => {});
    this.tellSessionEnded(sessionId);
  }

  stopSession(sessionId: string): Promise<void> {
    return this.#end(sessionId, false);
  }

  async endStream(streamId: string): Promise<void> {
    const show = this.#shows.get(streamId);
    if (!show) return;
    this.#shows.delete(streamId);
    show.demo?.stop();
    const ids = [...this.#sessions].filter(([, s]) => s.streamId === streamId).map(([id]) => id);
    await Promise.all(ids.map((id) => this.#end(id, false)));
    await show.roomNode?.destroyRoom(streamId);
    await Promise.all([...show.relays.keys()].map((node) => node.destroyMountpoint(streamId)));
    await show.recording?.then((r) => r.finish()).catch(() => {});
  }

  /** Every session on a node that dropped is over; its rooms and mountpoints are made again when needed. */
  #nodeLost(node: JanusNode) {
    for (const [id, session] of this.#sessions) if (session.node === node) void this.#end(id, true);
    for (const show of this.#shows.values()) {
      show.relays.delete(node);
      show.demo?.removeTarget(String(node.index));
      if (show.roomNode === node) show.roomNode = undefined;
    }
  }

  async setViewerDelivery(sessionId: string, delivery: ViewerDelivery): Promise<void> {
    const session = this.#sessions.get(sessionId);
    if (!session || session.kind !== 'whep') throw new MediaError('No such media session', 404);
    // Data saver: the camera's smallest simulcast substream (the only one without simulcast); else the best that flows.
    const low = this.#shows.get(session.streamId)?.publisher?.layers.low ?? 0;
    const substream = delivery.dataSaver === undefined ? undefined : delivery.dataSaver ? low : 2;
    if (delivery.video === undefined && substream === undefined) return;
    await (session.handle as StreamingHandle).configure({ video: delivery.video, substream }).catch((error: unknown) => {
      throw this.#refused(error, 'The video server did not take the delivery setting');
    });
  }

  hasPublisher(streamId: string): boolean {
    const show = this.#shows.get(streamId);
    return Boolean(show?.publisher || show?.demo);
  }

  isPublishing(streamId: string): boolean {
    const show = this.#shows.get(streamId);
    return Boolean(show?.demo || show?.publisher?.flowing);
  }

  #ours(node: JanusNode) {
    const here = [...this.#sessions.values()].filter((s) => s.node === node);
    return { viewers: here.filter((s) => s.kind === 'whep').length, publishers: here.filter((s) => s.kind === 'whip').length };
  }

  /** Each node's load and loss as its Admin API reports them (every app instance's sessions). */
  nodeStats(): Promise<MediaNodeStats[]> {
    return Promise.all(this.#nodes.map((node) => node.stats(this.#ours(node))));
  }

  stats(): ReturnType<MediaServer['stats']> {
    const perWorker = this.#nodes.map((node) => this.#ours(node));
    return {
      streams: this.#shows.size,
      publishers: perWorker.reduce((n, w) => n + w.publishers, 0),
      viewers: perWorker.reduce((n, w) => n + w.viewers, 0),
      perWorker,
    };
  }

  /** Which node carries a session (tests and the bench check the spread). */
  nodeOf(sessionId: string): number | null {
    return this.#sessions.get(sessionId)?.node.index ?? null;
  }

  async close(): Promise<void> {
    for (const show of this.#shows.values()) show.demo?.stop();
    await Promise.all([...this.#shows.values()].map((show) => show.recording?.then((r) => r.finish()).catch(() => {})));
    await Promise.all([...this.#sessions.keys()].map((id) => this.#end(id, false)));
    await Promise.all(this.#nodes.map((node) => node.close()));
  }
}
