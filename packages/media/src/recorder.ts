// One stream's recording, in the worker that holds its publisher: the publisher's VP8 (or H.264,
// decision 052) video and Opus audio go into a WebM file as they are — no decoding, no transcoding. It runs after a packet has been
// forwarded, and keeps only a few packets: a small reorder buffer per track and simulcast layer
// (werift's jitter buffer, capped), the packets of the frame being assembled, and the writer's ~64 KB
// of bytes on their way to disk. A publisher that reconnects during the show continues the same file
// (the gap is a frozen picture); the file is finished when the show ends, or after RECORDING_IDLE_MS
// without one.
//
// Simulcast: one layer is written at a time, the best one that flows. A browser sends only the layers
// its bandwidth estimate allows (Chromium starts a show with the small layer alone and adds the full
// one later, if ever), so: the file starts on the first keyframe of any layer; the full layer takes
// over at its first keyframe (one is asked for as soon as its packets come); a smaller layer takes
// over only when the one being written has been silent for LAYER_SILENT_MS, again at a keyframe. A
// switch is always on a keyframe, so the decoder never sees a frame whose reference it lacks; the
// picture size may change there, which VP8 keyframes carry.
import type { FileHandle } from 'node:fs/promises';
import { mkdir, open, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { RtpPacket } from 'werift';
import { MAX_FRAME_PACKETS, recordableKinds, Source, VideoFrames, videoCodec } from './recorder-frames.js';
import type { RecorderHooks, RecordingInfo, RecordingResult } from './recording-info.js';
import { LAYER_FULL, LAYER_LOW, type Layer, type SourceMedia } from './protocol.js';
import type { MediaKind } from './sdp.js';
import { WebmWriter, type WebmTrackSpec } from './webm-writer.js';

export { recordableKinds };
export type { RecorderHooks, RecordingInfo, RecordingResult };

/** A recording without a publisher for this long is finished (normally the show's end finishes it first). */
export const RECORDING_IDLE_MS = 5 * 60_000;
/** Seeking a replay starts at a keyframe: the recorder asks for one when the last is older than this. */
export const RECORDING_KEYFRAME_INTERVAL_MS = 10_000;
/** A file with video starts on a keyframe; audio alone starts after waiting this long for one. */
const HEADER_WAIT_MS = 3_000;
const KEYFRAME_REQUEST_GAP_MS = 1_000;
/** The layer being written has stopped (the browser switched it off, or it was lost): another may take over. */
export const LAYER_SILENT_MS = 1_000;

export class StreamRecorder {
  readonly fileName: string;
  readonly #dir: string;
  readonly #epoch = Date.now();
  readonly #hooks: RecorderHooks;
  #kinds: { video: boolean; audio: boolean };
  /** H.264: the last SPS and PPS seen, for the file's decoder configuration. */
  #frames: VideoFrames;
  #file: FileHandle | undefined;
  #opening: Promise<void> | undefined;
  #writer: WebmWriter | undefined;
  #zero = 0;
  #sessionId: string | undefined;
  #requestKeyframe: (layer: Layer) => void = () => {};
  #audioSource: Source | undefined;
  /** The publisher's video, per simulcast layer (one, LAYER_FULL, without simulcast). */
  #layers: [Source | undefined, Source | undefined] = [undefined, undefined];
  /** The layer whose frames are written; undefined until the publisher's first keyframe is. */
  #layer: Layer | undefined;
  #switches = 0;
  /** Each track's last written time: a new publisher's clock never takes a track backwards. */
  #lastTime: Record<MediaKind, number> = { audio: 0, video: 0 };
  #attachedAt = 0;
  #lastKeyframeAt = 0;
  #lastKeyframeRequest: [number, number] = [Number.NEGATIVE_INFINITY, Number.NEGATIVE_INFINITY];
  #idleTimer: NodeJS.Timeout | undefined;
  #dropped = 0;
  #finishing: Promise<RecordingResult | null> | undefined;

  constructor(
    readonly streamId: string,
    dir: string,
    media: SourceMedia,
    hooks: RecorderHooks,
    readonly idleMs = RECORDING_IDLE_MS,
  ) {
    this.#dir = dir;
    this.#hooks = hooks;
    this.#kinds = recordableKinds(media);
    this.#frames = new VideoFrames(videoCodec(media));
    this.fileName = `${streamId.replace(/[^\w-]/g, '_')}-${this.#epoch.toString(36)}.webm`;
  }

  /** A publisher whose recordable tracks this file has (or can still have: nothing written yet). */
  accepts(media: SourceMedia): boolean {
    const kinds = recordableKinds(media);
    if (!kinds.video && !kinds.audio) return false;
    if (!this.#writer) return true;
    return (!kinds.video || (this.#kinds.video && videoCodec(media) === this.#frames.codec)) && (!kinds.audio || this.#kinds.audio);
  }

  /**
   * The stream's (new) publisher: its packets are recorded from its next keyframe on, which is asked
   * for at once, of each layer it may send (a browser's first frame on a layer is a keyframe anyway;
   * a layer whose packets have not come yet gets the request with its first one).
   */
  attach(sessionId: string, media: SourceMedia, requestKeyframe: (layer: Layer) => void): void {
    if (this.#finishing) return;
    if (!this.#writer) {
      this.#kinds = recordableKinds(media);
      const codec = videoCodec(media);
      if (codec !== this.#frames.codec) this.#frames = new VideoFrames(codec);
    }
    this.#sessionId = sessionId;
    this.#requestKeyframe = requestKeyframe;
    this.#resetSources();
    this.#attachedAt = Date.now();
    clearTimeout(this.#idleTimer);
    this.#opening ??= this.#open();
    if (!this.#kinds.video) return;
    this.#wantKeyframe(LAYER_FULL, true);
    if (media.lowLayer) this.#wantKeyframe(LAYER_LOW, true);
  }

  /** Resolves once the file is open (frames before that are skipped; a keyframe is asked for again). */
  async opened(): Promise<void> {
    await this.#opening;
  }

  /** The publisher left: what its reorder buffers hold is written, then the file waits for a successor. */
  detach(sessionId: string): void {
    if (sessionId !== this.#sessionId) return;
    for (const source of [this.#audioSource, ...this.#layers]) if (source) this.#drain(source, source.jitter.processInput({ eol: true }));
    this.#sessionId = undefined;
    this.#resetSources();
    clearTimeout(this.#idleTimer);
    if (!this.#finishing) {
      this.#idleTimer = setTimeout(() => this.#hooks.idle(), this.idleMs);
      this.#idleTimer.unref();
    }
  }

  /** One of the publisher's packets, of any simulcast layer (audio: LAYER_FULL). */
  push(sessionId: string, kind: MediaKind, packet: RtpPacket, layer: Layer): void {
    if (sessionId !== this.#sessionId || !this.#kinds[kind] || this.#finishing) return;
    const source = kind === 'audio' ? (this.#audioSource ??= new Source('audio')) : (this.#layers[layer] ??= new Source('video', layer));
    source.lastPacketAt = Date.now();
    this.#drain(source, source.jitter.processInput({ rtp: packet }));
  }

  /** The layer being written (undefined before the first video keyframe of the current publisher). */
  get layer(): Layer | undefined {
    return this.#layer;
  }

  #resetSources(): void {
    this.#audioSource = undefined;
    this.#layers = [undefined, undefined];
    this.#layer = undefined;
  }

  /** Finishes the file (null when no frame was ever written: the empty file is removed). */
  finish(): Promise<RecordingResult | null> {
    this.#finishing ??= this.#finish();
    return this.#finishing;
  }

  async #finish(): Promise<RecordingResult | null> {
    clearTimeout(this.#idleTimer);
    this.#sessionId = undefined;
    await this.#opening;
    const writer = this.#writer;
    if (!writer) {
      await this.#file?.close().catch(() => {});
      if (this.#file) await unlink(path.join(this.#dir, this.fileName)).catch(() => {});
      return null;
    }
    const { durationMs, bytes } = await writer.finish();
    if (this.#dropped > 0) this.#hooks.log('warn', { streamId: this.streamId, fileName: this.fileName, dropped: this.#dropped }, 'recording dropped frames: the disk fell behind');
    // The wall times of the file's first and last frames: its timeline, whenever it was finished.
    const startedAt = this.#epoch + this.#zero;
    return { streamId: this.streamId, fileName: this.fileName, startedAt, endedAt: startedAt + durationMs, durationMs, bytes };
  }

  async #open(): Promise<void> {
    try {
      await mkdir(this.#dir, { recursive: true });
      this.#file = await open(path.join(this.#dir, this.fileName), 'w');
    } catch (error) {
      this.#hooks.log('error', { streamId: this.streamId, error: String(error) }, 'recording could not open its file');
    }
  }

  #drain(source: Source, outputs: { rtp?: RtpPacket; isPacketLost?: unknown }[]): void {
    for (const output of outputs) {
      if (output.isPacketLost) {
        source.frame = [];
        source.broken = true;
      }
      if (!output.rtp) continue;
      if (source.kind === 'audio') this.#audio(source, output.rtp);
      else this.#video(source, output.rtp);
    }
  }

  #audio(source: Source, packet: RtpPacket): void {
    if (packet.payload.length === 0) return;
    this.#frame('audio', source.time(packet.header.timestamp, Date.now() - this.#epoch), false, packet.payload);
  }

  /** RFC 7741: a frame is the packets with one timestamp, up to the marker bit, with no gap. */
  #video(source: Source, packet: RtpPacket): void {
    const { sequenceNumber, timestamp, marker } = packet.header;
    const gap = source.lastSeq !== undefined && sequenceNumber !== ((source.lastSeq + 1) & 0xffff);
    source.lastSeq = sequenceNumber;
    const time = source.time(timestamp, Date.now() - this.#epoch);
    if (gap || (source.frame.length > 0 && source.frame[0]!.header.timestamp !== timestamp) || source.frame.length >= MAX_FRAME_PACKETS) {
      source.frame = [];
      source.broken = true;
    }
    source.frame.push(packet);
    if (!marker) return;
    const packets = source.frame;
    source.frame = [];
    const frame = this.#frames.frame(packets);
    if (!frame) return;
    const { keyframe, data } = frame;
    const written = source.layer === this.#layer;
    if (!written) {
      // Another layer: it takes over at one of its keyframes, when it is better or the written one stopped.
      if (!this.#takesOver(source.layer)) return;
      if (!keyframe) {
        this.#wantKeyframe(source.layer);
        return;
      }
    } else if (source.broken && !keyframe) {
      this.#wantKeyframe(source.layer);
      return;
    }
    if (!this.#frame('video', time, keyframe, data, source.layer)) {
      if (written) source.broken = true;
      return;
    }
    source.broken = false;
    if (!written) {
      const from = this.#layer;
      this.#layer = source.layer;
      if (from !== undefined) {
        this.#switches += 1;
        this.#hooks.log('info', { streamId: this.streamId, fileName: this.fileName, from, to: source.layer, switches: this.#switches }, 'recording switched simulcast layer');
      }
    }
  }

  /** Whether `layer`'s next keyframe should be written instead of the current layer's frames. */
  #takesOver(layer: Layer): boolean {
    const current = this.#layer;
    if (current === undefined || layer === LAYER_FULL) return true;
    const written = this.#layers[current];
    return written === undefined || Date.now() - written.lastPacketAt > LAYER_SILENT_MS;
  }

  /** Writes one frame; false when it was not written (no file yet, waiting for a keyframe, disk behind). */
  #frame(kind: MediaKind, time: number, keyframe: boolean, data: Buffer, layer: Layer = LAYER_FULL): boolean {
    const now = Date.now();
    if (!this.#writer && !this.#start(kind, time, keyframe, data, now)) return false;
    const writer = this.#writer!;
    const track = writer.trackNumber(kind)!;
    const at = Math.max(time - this.#zero, this.#lastTime[kind]);
    const written = writer.addFrame(track, at, keyframe, data);
    if (!written) {
      this.#dropped += 1;
      if (writer.failed && this.#dropped === 1) this.#hooks.log('error', { streamId: this.streamId, error: String(writer.failed) }, 'recording stopped: writing failed');
      return false;
    }
    this.#lastTime[kind] = at;
    if (kind === 'video' && keyframe) this.#lastKeyframeAt = now;
    else if (kind === 'video' && now - this.#lastKeyframeAt > RECORDING_KEYFRAME_INTERVAL_MS) this.#wantKeyframe(layer);
    return true;
  }

  /** The file's header, once the first keyframe tells the picture size (or audio waited long enough). */
  #start(kind: MediaKind, time: number, keyframe: boolean, data: Buffer, now: number): boolean {
    if (!this.#file) return false;
    if (this.#kinds.video && !(kind === 'video' && keyframe) && now - this.#attachedAt < HEADER_WAIT_MS) return false;
    if (kind === 'video' && !keyframe) return false;
    const tracks: WebmTrackSpec[] = [];
    const video = this.#kinds.video ? this.#frames.track(kind, data) : null;
    if (kind === 'video' && !video) return false;
    // An H.264 camera whose parameter sets never came: its frames could not be decoded, so audio alone.
    if (this.#kinds.video && !video) this.#kinds.video = false;
    if (video) tracks.push(video);
    if (this.#kinds.audio) tracks.push({ kind: 'audio', codec: 'OPUS' });
    this.#writer = new WebmWriter(this.#file, tracks);
    this.#zero = time;
    this.#hooks.started({ streamId: this.streamId, fileName: this.fileName, startedAt: this.#epoch + time });
    return true;
  }

  #wantKeyframe(layer: Layer, force = false): void {
    const now = Date.now();
    if (!force && now - this.#lastKeyframeRequest[layer] < KEYFRAME_REQUEST_GAP_MS) return;
    this.#lastKeyframeRequest[layer] = now;
    this.#requestKeyframe(layer);
  }
}
