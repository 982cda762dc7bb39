// One SFU worker thread: owns its peer connections, a fan-out per stream with viewers here, and
// the publishers placed here. A publisher's RTP reaches viewers on other workers over direct
// worker-to-worker MessagePorts, and their keyframe requests come back the same way, so the main
// thread never touches a packet.
import { type MessagePort, parentPort, workerData } from 'node:worker_threads';
import { RtpPacket } from 'werift';
import { MediaError } from './errors.js';
import { StreamFanout } from './forwarder.js';
import { KIND_AUDIO, KIND_VIDEO, PUBLISHER_IDLE_MS, type Command, type Layer, type CommandResult, type FromWorker, type MeshMessage, type Notice, type PublisherRef, type ToWorker, type WorkerData } from './protocol.js';
import { DemoPublisher, RtcPublisher, type Publisher, type PublisherEvents } from './publisher.js';
import { StreamRecorder, recordableKinds, type RecordingResult } from './recorder.js';
import type { MediaKind } from './sdp.js';
import { ViewerSession, type ViewerEvents } from './viewer.js';

const { index: self, peers: settings, ports, recording } = workerData as WorkerData;
const main = parentPort!;

const IDLE_CHECK_MS = 500;

const publishers = new Map<string, Publisher>();
/** Per publisher: when its last packet came, and whether it was reported idle. */
const activity = new Map<string, { lastPacketAt: number; idle: boolean }>();
const viewers = new Map<string, ViewerSession>();
const fanouts = new Map<string, StreamFanout>();
const fanoutByPublisher = new Map<string, StreamFanout>();
/** Recordings open on this worker, by stream, and the one each recorded publisher feeds. */
const recorders = new Map<string, StreamRecorder>();
const recorderOf = new Map<string, StreamRecorder>();
/** Sessions being negotiated; a stop that arrives meanwhile cancels them. */
const opening = new Map<string, { cancelled: boolean }>();

const post = (message: FromWorker) => main.postMessage(message);
const log = (level: 'info' | 'warn' | 'error', obj: object, msg: string) => post({ type: 'log', level, obj: { worker: self, ...obj }, msg });

function requestKeyframe(publisher: PublisherRef, layer: Layer): void {
  if (publisher.worker === self) publishers.get(publisher.sessionId)?.requestKeyframe(layer);
  else ports[publisher.worker]?.postMessage({ type: 'keyframe', publisherSessionId: publisher.sessionId, layer } satisfies MeshMessage);
}

/** The stream's fan-out, pointed at `publisher`: the main thread's view when it sent this command. */
function fanoutFor(streamId: string, publisher: PublisherRef | null): StreamFanout {
  let fanout = fanouts.get(streamId);
  if (!fanout) {
    fanout = new StreamFanout(streamId, requestKeyframe, (obj, msg) => log('warn', obj, msg));
    fanouts.set(streamId, fanout);
  }
  // Normally already current (notices reach every worker with viewers of the stream); differs only
  // when this worker's last viewer left and a publisher changed before this viewer came.
  if (fanout.publisher?.sessionId !== publisher?.sessionId) setFanoutPublisher(fanout, publisher ?? undefined);
  return fanout;
}

function setFanoutPublisher(fanout: StreamFanout, publisher: PublisherRef | undefined): void {
  if (fanout.publisher) fanoutByPublisher.delete(fanout.publisher.sessionId);
  if (publisher) fanoutByPublisher.set(publisher.sessionId, fanout);
  fanout.setPublisher(publisher);
}

function dropFanoutIfEmpty(fanout: StreamFanout): void {
  if (fanout.viewers.size > 0 || fanout.opening > 0) return;
  fanouts.delete(fanout.streamId);
  if (fanout.publisher) fanoutByPublisher.delete(fanout.publisher.sessionId);
}

const publisherEvents: PublisherEvents = {
  onPacket(publisher, kind, packet, layer) {
    const seen = activity.get(publisher.sessionId);
    if (seen) {
      seen.lastPacketAt = performance.now();
      if (seen.idle) {
        seen.idle = false;
        post({ type: 'publisher-idle', sessionId: publisher.sessionId, idle: false });
      }
    }
    fanouts.get(publisher.streamId)?.forward(publisher.sessionId, kind, packet, layer);
    if (publisher.subscribers.length > 0) {
      // A copy with its own exact-size ArrayBuffer: structured clone copies a view's whole buffer,
      // which for a pooled Buffer would be a shared 8 KB slab.
      const bytes = new Uint8Array(packet.serialize());
      const message: MeshMessage = { type: 'rtp', publisherSessionId: publisher.sessionId, kind: kind === 'video' ? KIND_VIDEO : KIND_AUDIO, layer, bytes };
      for (const worker of publisher.subscribers) ports[worker]?.postMessage(message);
    }
    // Last: the packet has reached every viewer before the recording looks at it.
    recorderOf.get(publisher.sessionId)?.push(publisher.sessionId, kind, packet, layer);
  },
  onGone(publisher, reason) {
    void closeSession(publisher.sessionId).then(() => post({ type: 'session-gone', sessionId: publisher.sessionId, reason }));
  },
};

const viewerEvents: ViewerEvents = {
  onConnected(viewer) {
    fanouts.get(viewer.streamId)?.keyframeForWaiters();
  },
  onLostPicture(viewer) {
    fanouts.get(viewer.streamId)?.viewerLostPicture(viewer);
  },
  onGone(viewer, reason) {
    void closeSession(viewer.sessionId).then(() => post({ type: 'session-gone', sessionId: viewer.sessionId, reason }));
  },
};

async function closeSession(sessionId: string): Promise<void> {
  const pending = opening.get(sessionId);
  if (pending) pending.cancelled = true;
  const viewer = viewers.get(sessionId);
  if (viewer) {
    viewers.delete(sessionId);
    const fanout = fanouts.get(viewer.streamId);
    if (fanout) {
      fanout.remove(sessionId);
      dropFanoutIfEmpty(fanout);
    }
    await viewer.close();
  }
  const publisher = publishers.get(sessionId);
  if (publisher) {
    publishers.delete(sessionId);
    activity.delete(sessionId);
    recorderOf.get(sessionId)?.detach(sessionId);
    recorderOf.delete(sessionId);
    await publisher.close();
  }
}

/** Feeds a publisher into its stream's recording: the open one when it fits, else a new file. */
function record(publisher: Publisher): string | undefined {
  const kinds = recordableKinds(publisher.media);
  if (!recording || (!kinds.video && !kinds.audio)) return undefined;
  let recorder = recorders.get(publisher.streamId);
  if (recorder && !recorder.accepts(publisher.media)) {
    void finishRecording(publisher.streamId);
    recorder = undefined;
  }
  if (!recorder) {
    const streamId = publisher.streamId;
    recorder = new StreamRecorder(
      streamId,
      recording.dir,
      publisher.media,
      {
        started: (info) => post({ type: 'recording', notice: { type: 'started', ...info } }),
        idle: () => void finishRecording(streamId),
        log,
      },
      recording.idleMs,
    );
    recorders.set(streamId, recorder);
  }
  recorder.attach(publisher.sessionId, publisher.media, (layer) => publisher.requestKeyframe(layer));
  recorderOf.set(publisher.sessionId, recorder);
  return recorder.fileName;
}

/** Finishes the stream's recording on this worker and tells the main thread how it went. */
async function finishRecording(streamId: string): Promise<RecordingResult | null> {
  const recorder = recorders.get(streamId);
  if (!recorder) return null;
  recorders.delete(streamId);
  for (const [sessionId, r] of recorderOf) if (r === recorder) recorderOf.delete(sessionId);
  try {
    const result = await recorder.finish();
    if (result) post({ type: 'recording', notice: { type: 'finished', ...result } });
    return result;
  } catch (error) {
    log('error', { streamId, fileName: recorder.fileName, error: String(error) }, 'recording could not be finished');
    post({ type: 'recording', notice: { type: 'failed', streamId, fileName: recorder.fileName, message: String(error) } });
    return null;
  }
}

/** Runs a session's negotiation; a stop during it closes the session and refuses it. */
async function opened<T extends { close(): Promise<void> }>(sessionId: string, open: () => Promise<T>): Promise<T> {
  const state = { cancelled: false };
  opening.set(sessionId, state);
  try {
    const session = await open();
    if (state.cancelled) {
      await session.close();
      throw new MediaError('The session was stopped while it was being set up', 409);
    }
    return session;
  } finally {
    opening.delete(sessionId);
  }
}

async function run(command: Command): Promise<CommandResult> {
  switch (command.type) {
    case 'publish': {
      let answerSdp = '';
      const publisher = await opened(command.sessionId, async () => {
        const result = await RtcPublisher.open(command.sessionId, command.streamId, command.offerSdp, settings, publisherEvents);
        answerSdp = result.answerSdp;
        return result.publisher;
      });
      publishers.set(command.sessionId, publisher);
      // Idle is only for real cameras: the demo clip never stops by itself.
      activity.set(command.sessionId, { lastPacketAt: performance.now(), idle: false });
      return { answerSdp, media: publisher.media, recording: command.record ? record(publisher) : undefined };
    }
    case 'demo': {
      const publisher = new DemoPublisher(command.sessionId, command.streamId, publisherEvents);
      publishers.set(command.sessionId, publisher);
      return { media: publisher.media };
    }
    case 'play': {
      // Register the fan-out now: notices about this stream that follow this command must find it.
      const fanout = fanoutFor(command.streamId, command.publisher);
      fanout.opening += 1;
      let answerSdp = '';
      try {
        const viewer = await opened(command.sessionId, async () => {
          const result = await ViewerSession.open(command.sessionId, command.streamId, command.offerSdp, settings, viewerEvents);
          answerSdp = result.answerSdp;
          return result.viewer;
        });
        viewers.set(command.sessionId, viewer);
        fanout.add(viewer);
        return { answerSdp };
      } finally {
        fanout.opening -= 1;
        dropFanoutIfEmpty(fanout);
      }
    }
    case 'viewer-settings': {
      const viewer = viewers.get(command.sessionId);
      if (!viewer || !fanouts.get(viewer.streamId)?.updateSettings(command.sessionId, command.settings)) throw new MediaError('No such media session', 404);
      return {};
    }
    case 'stop':
      await closeSession(command.sessionId);
      return {};
    case 'finish-recording':
      await finishRecording(command.streamId);
      return {};
    case 'close':
      for (const state of opening.values()) state.cancelled = true;
      await Promise.all([...viewers.keys(), ...publishers.keys()].map(closeSession));
      // Finished, not abandoned: a file cut off here would still play, but could not be seeked.
      await Promise.all([...recorders.keys()].map(finishRecording));
      for (const port of ports) port?.close();
      clearInterval(idleCheck);
      main.removeAllListeners('message');
      return {};
  }
}

function handleNotice(notice: Notice): void {
  switch (notice.type) {
    case 'subscribers':
      publishers.get(notice.publisherSessionId)?.setSubscribers(notice.workers);
      break;
    case 'publisher-up': {
      const fanout = fanouts.get(notice.streamId);
      if (fanout) setFanoutPublisher(fanout, notice.publisher);
      break;
    }
    case 'publisher-down': {
      const fanout = fanouts.get(notice.streamId);
      if (fanout?.publisher?.sessionId === notice.sessionId) setFanoutPublisher(fanout, undefined);
      break;
    }
  }
}

function handleMesh(message: MeshMessage): void {
  if (message.type === 'keyframe') {
    publishers.get(message.publisherSessionId)?.requestKeyframe(message.layer);
    return;
  }
  const fanout = fanoutByPublisher.get(message.publisherSessionId);
  if (!fanout) return;
  const bytes = message.bytes;
  const packet = RtpPacket.deSerialize(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  const kind: MediaKind = message.kind === KIND_VIDEO ? 'video' : 'audio';
  fanout.forward(message.publisherSessionId, kind, packet, message.layer);
}

// A phone that loses its network sends nothing, but ICE only gives up after ~30 s: silence is the
// sign that comes first.
const idleCheck = setInterval(() => {
  const now = performance.now();
  for (const [sessionId, seen] of activity) {
    if (seen.idle || now - seen.lastPacketAt < PUBLISHER_IDLE_MS) continue;
    seen.idle = true;
    post({ type: 'publisher-idle', sessionId, idle: true });
  }
}, IDLE_CHECK_MS);
idleCheck.unref();

for (const port of ports) port?.on('message', handleMesh);
ports.forEach((port: MessagePort | undefined) => port?.on('messageerror', (error) => log('error', { error: String(error) }, 'mesh message error')));

main.on('message', (message: ToWorker) => {
  if (message.type === 'notice') {
    handleNotice(message.notice);
    return;
  }
  const { id, command } = message;
  run(command).then(
    (result) => post({ type: 'reply', id, ok: true, result }),
    (error: unknown) => {
      const status = error instanceof MediaError ? error.status : 503;
      if (!(error instanceof MediaError)) log('error', { error: String((error as Error)?.stack ?? error), command: command.type }, 'media worker command failed');
      post({ type: 'reply', id, ok: false, message: (error as Error)?.message ?? String(error), status });
    },
  );
});

post({ type: 'ready' });
