// The main-thread side of the SFU: places sessions on workers and routes control messages. It
// keeps the bookkeeping (which worker holds which session, which workers have viewers of which
// stream) and never sees an RTP packet.
import { randomUUID } from 'node:crypto';
import { isIP } from 'node:net';
import os from 'node:os';
import { MediaError } from './errors.js';
import { MediaEvents, toRecordingEvent } from './media-events.js';
import type { Command, CommandResult, FromWorker, Notice, PeerSettings, PublisherRef, RecordingNotice, RecordingSettings, SourceMedia } from './protocol.js';
import { prepareOffer } from './sdp.js';
import type { MediaNodeStats, MediaServer, MediaServerOptions, MediaSession, PublishOptions, PublisherStatus, ViewerDelivery } from './types.js';
import { Streams, type Session } from './streams.js';
import { callWorker, closeWorkers, leastLoadedWorker, notifyWorker, spawnWorkers, type WorkerEvents, type WorkerHandle } from './worker-pool.js';

export const DEFAULT_MAX_VIEWERS_PER_WORKER = 250;

const silent = { info() {}, warn() {}, error() {} };

export class SfuRouter extends MediaEvents implements MediaServer {
  readonly #workers: WorkerHandle[] = [];
  readonly #streams = new Streams();
  /** Streams with a recording open on a worker: their next publisher goes to that worker, to continue it. */
  readonly #recordings = new Map<string, { worker: number; fileName: string }>();
  /** Streams whose last reported status was 'reconnecting'; absent: live or never reported. */
  readonly #quiet = new Set<string>();
  /** Streams being ended: their publisher leaving is not a reconnect. */
  readonly #ending = new Set<string>();
  readonly #logger: NonNullable<MediaServerOptions['logger']>;
  readonly #maxViewersPerWorker: number;
  #closed = false;

  private constructor(options: MediaServerOptions) {
    super();
    this.#logger = options.logger ?? silent;
    this.#maxViewersPerWorker = options.maxViewersPerWorker ?? DEFAULT_MAX_VIEWERS_PER_WORKER;
  }

  static async start(options: MediaServerOptions = {}): Promise<SfuRouter> {
    if (options.announcedAddress !== undefined && isIP(options.announcedAddress) === 0) {
      throw new Error(`announcedAddress must be an IP address, not ${options.announcedAddress}`);
    }
    const router = new SfuRouter(options);
    const count = Math.min(4, Math.max(1, options.workers ?? os.availableParallelism()));
    const peers: PeerSettings = { iceServers: options.iceServers ?? [], announcedAddress: options.announcedAddress, icePortRange: options.icePortRange };
    const recording: RecordingSettings | undefined = options.recordingsDir ? { dir: options.recordingsDir, idleMs: options.recordingIdleMs } : undefined;
    const events: WorkerEvents = {
      message: (handle, message) => router.#onWorkerMessage(handle, message),
      exit: (handle, code) => router.#onWorkerExit(handle, code),
      crashed: (index, err) => router.#logger.error({ worker: index, err }, 'media worker crashed'),
    };
    const { handles, ready } = spawnWorkers(count, { peers, recording }, events);
    router.#workers.push(...handles);
    try {
      await ready;
    } catch (error) {
      await router.close();
      throw error;
    }
    return router;
  }

  #onWorkerMessage(handle: WorkerHandle, message: Exclude<FromWorker, { type: 'ready' | 'reply' }>): void {
    switch (message.type) {
      case 'session-gone': {
        const session = this.#streams.session(message.sessionId);
        if (!session) return;
        this.#logger.info({ sessionId: session.id, streamId: session.streamId, role: session.role, reason: message.reason }, 'media session ended by its peer');
        const wasPublisher = this.#streams.get(session.streamId)?.publisher?.id === session.id;
        this.#forget(session);
        if (wasPublisher && !session.demo) this.tellPublisherGone(session.streamId);
        break;
      }
      case 'publisher-idle': {
        const session = this.#streams.session(message.sessionId);
        const current = session && this.#streams.get(session.streamId)?.publisher;
        if (!session || current?.id !== session.id || session.demo) return;
        this.#setStatus(session.streamId, message.idle ? 'reconnecting' : 'live');
        break;
      }
      case 'recording':
        this.#onRecording(handle.index, message.notice);
        break;
      case 'log':
        this.#logger[message.level](message.obj, message.msg);
        break;
    }
  }

  #onRecording(worker: number, notice: RecordingNotice): void {
    const open = this.#recordings.get(notice.streamId);
    if (notice.type !== 'started' && open?.worker === worker && open.fileName === notice.fileName) this.#recordings.delete(notice.streamId);
    const event = toRecordingEvent(notice);
    this.#logger.info({ ...event }, `recording ${event.type}`);
    this.tellRecording(event);
  }

  /** The worker's pending commands have already failed (worker-pool). */
  #onWorkerExit(handle: WorkerHandle, code: number): void {
    if (this.#closed) return;
    this.#logger.error({ worker: handle.index, code }, 'media worker exited; its sessions are gone');
    for (const session of this.#streams.sessionsOn(handle.index)) {
      const wasPublisher = this.#streams.get(session.streamId)?.publisher?.id === session.id;
      this.#forget(session);
      if (wasPublisher && !session.demo) this.tellPublisherGone(session.streamId);
    }
    for (const [streamId, open] of this.#recordings) {
      if (open.worker !== handle.index) continue;
      this.#recordings.delete(streamId);
      this.#onRecording(handle.index, { type: 'failed', streamId, fileName: open.fileName, message: 'The media worker stopped' });
    }
  }

  /** Tells the listeners when a stream's status changes (repeats are dropped). */
  #setStatus(streamId: string, status: PublisherStatus): void {
    if (this.#ending.has(streamId)) return;
    if ((status === 'reconnecting') === this.#quiet.has(streamId)) return;
    if (status === 'reconnecting') this.#quiet.add(streamId);
    else this.#quiet.delete(streamId);
    this.#logger.info({ streamId, status }, 'publisher status');
    this.tellPublisherStatus(streamId, status);
  }

  #leastLoaded(forViewer: boolean, preferred?: number): WorkerHandle {
    if (this.#closed) throw new MediaError('The media server is closed', 503);
    const best = leastLoadedWorker(this.#workers, { forViewer, maxViewers: this.#maxViewersPerWorker, preferred });
    if (!best) throw new MediaError('The media server is at capacity', 503);
    return best;
  }

  /** Tells the current publisher's worker which other workers want its packets. */
  #syncSubscribers(streamId: string): void {
    const stream = this.#streams.get(streamId);
    const publisher = stream?.publisher;
    if (!stream || !publisher) return;
    const workers = [...stream.viewerWorkers.keys()].filter((w) => w !== publisher.worker);
    notifyWorker(this.#workers[publisher.worker], { type: 'subscribers', publisherSessionId: publisher.id, workers });
  }

  #noticeViewers(streamId: string, notice: Notice): void {
    for (const worker of this.#streams.get(streamId)?.viewerWorkers.keys() ?? []) notifyWorker(this.#workers[worker], notice);
  }

  #publisherRef(streamId: string): PublisherRef | null {
    const publisher = this.#streams.get(streamId)?.publisher;
    return publisher ? { sessionId: publisher.id, worker: publisher.worker, media: publisher.media ?? {} } : null;
  }

  /** Removes a session from the bookkeeping and tells the workers that need to know. */
  #forget(session: Session): void {
    const change = this.#streams.remove(session);
    if (!change) return;
    this.tellSessionEnded(session.id);
    const handle = this.#workers[session.worker];
    if (handle) {
      if (session.role === 'viewer') handle.viewers -= 1;
      else handle.publishers -= 1;
    }
    if (change.publisherRemoved) {
      this.#noticeViewers(session.streamId, { type: 'publisher-down', streamId: session.streamId, sessionId: session.id });
      if (!session.demo) this.#setStatus(session.streamId, 'reconnecting');
    }
    if (change.viewerWorkersChanged) this.#syncSubscribers(session.streamId);
  }

  async publish(streamId: string, offerSdp: string, options: PublishOptions = {}): Promise<MediaSession> {
    const offer = prepareOffer(offerSdp, 'publish');
    const record = options.record === true;
    // A reconnecting seller's camera goes where the show's recording is open, so the file continues.
    const preferred = record ? this.#recordings.get(streamId)?.worker : undefined;
    return this.#startPublisher(streamId, false, (sessionId) => ({ type: 'publish', sessionId, streamId, offerSdp: offer.sdp, record }), preferred);
  }

  async startDemoSource(streamId: string): Promise<void> {
    if (this.#streams.get(streamId)?.publisher?.demo) return;
    await this.#startPublisher(streamId, true, (sessionId) => ({ type: 'demo', sessionId, streamId }));
  }

  async #startPublisher(streamId: string, demo: boolean, command: (sessionId: string) => Command, preferred?: number): Promise<MediaSession> {
    const handle = this.#leastLoaded(false, preferred);
    const session = this.#streams.add({ id: randomUUID(), streamId, worker: handle.index, role: 'publisher', demo });
    handle.publishers += 1;
    let result: CommandResult;
    try {
      result = await callWorker(handle, command(session.id));
    } catch (error) {
      this.#forget(session);
      throw error;
    }
    if (!this.#streams.session(session.id)) {
      void callWorker(handle, { type: 'stop', sessionId: session.id }).catch(() => {});
      throw new MediaError('The stream ended while its publisher was connecting', 409);
    }
    if (result.recording) {
      const open = this.#recordings.get(streamId);
      // Another worker's recording (its worker was gone when this publisher was placed) is finished.
      if (open && open.worker !== handle.index) void this.#finishRecording(streamId);
      this.#recordings.set(streamId, { worker: handle.index, fileName: result.recording });
    }
    const previous = this.#streams.setPublisher(session, result.media ?? ({} satisfies SourceMedia));
    this.#noticeViewers(streamId, { type: 'publisher-up', streamId, publisher: this.#publisherRef(streamId)! });
    this.#syncSubscribers(streamId);
    if (!demo) this.#setStatus(streamId, 'live');
    // The replaced publisher goes quietly: no publisher-down (its successor is up), no "gone" event.
    if (previous) await this.stopSession(previous.id);
    return { sessionId: session.id, answerSdp: result.answerSdp ?? '' };
  }

  async play(streamId: string, offerSdp: string): Promise<MediaSession> {
    const offer = prepareOffer(offerSdp, 'play');
    const handle = this.#leastLoaded(true);
    const session = this.#streams.add({ id: randomUUID(), streamId, worker: handle.index, role: 'viewer', demo: false });
    handle.viewers += 1;
    if (this.#streams.get(streamId)!.viewerWorkers.get(handle.index) === 1) this.#syncSubscribers(streamId);
    // Posted right after reading the publisher, so later publisher notices reach the worker after it.
    const reply = callWorker(handle, { type: 'play', sessionId: session.id, streamId, offerSdp: offer.sdp, publisher: this.#publisherRef(streamId) });
    let result: CommandResult;
    try {
      result = await reply;
    } catch (error) {
      this.#forget(session);
      throw error;
    }
    if (!this.#streams.session(session.id)) {
      void callWorker(handle, { type: 'stop', sessionId: session.id }).catch(() => {});
      throw new MediaError('The stream ended while the viewer was connecting', 409);
    }
    return { sessionId: session.id, answerSdp: result.answerSdp ?? '' };
  }

  async stopSession(sessionId: string): Promise<void> {
    const session = this.#streams.session(sessionId);
    if (!session) return;
    this.#forget(session);
    const handle = this.#workers[session.worker];
    if (handle) await callWorker(handle, { type: 'stop', sessionId }).catch(() => {});
  }

  async endStream(streamId: string): Promise<void> {
    this.#quiet.delete(streamId);
    const stream = this.#streams.get(streamId);
    if (stream) {
      this.#ending.add(streamId);
      try {
        await Promise.all([...stream.sessions.keys()].map((id) => this.stopSession(id)));
      } finally {
        this.#ending.delete(streamId);
        this.#quiet.delete(streamId);
      }
    }
    await this.#finishRecording(streamId);
  }

  /** Finishes the stream's open recording; its worker reports the result as a recording event. */
  async #finishRecording(streamId: string): Promise<void> {
    const open = this.#recordings.get(streamId);
    if (!open) return;
    this.#recordings.delete(streamId);
    const handle = this.#workers[open.worker];
    if (handle) await callWorker(handle, { type: 'finish-recording', streamId }).catch(() => {});
  }

  async setViewerDelivery(sessionId: string, delivery: ViewerDelivery): Promise<void> {
    const session = this.#streams.session(sessionId);
    const handle = session && this.#workers[session.worker];
    if (!session || session.role !== 'viewer' || !handle) throw new MediaError('No such media session', 404);
    const settings: ViewerDelivery = {};
    if (delivery.video !== undefined) settings.video = delivery.video;
    if (delivery.dataSaver !== undefined) settings.dataSaver = delivery.dataSaver;
    await callWorker(handle, { type: 'viewer-settings', sessionId, settings });
  }

  hasPublisher(streamId: string): boolean {
    return this.#streams.get(streamId)?.publisher !== undefined;
  }

  isPublishing(streamId: string): boolean {
    return this.hasPublisher(streamId) && !this.#quiet.has(streamId);
  }

  stats(): ReturnType<MediaServer['stats']> {
    const totals = this.#streams.totals();
    return { ...totals, perWorker: this.#workers.map(({ viewers, publishers }) => ({ viewers, publishers })) };
  }

  /** Issue 30: this process is the one media node; it counts no lost packets of its own (0). */
  async nodeStats(): Promise<MediaNodeStats[]> {
    const { viewers, publishers } = this.#streams.totals();
    return [{ node: 'embedded', up: !this.#closed, viewers, publishers, packetLossRatio: 0 }];
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    await closeWorkers(this.#workers);
    this.#streams.clear();
  }
}
