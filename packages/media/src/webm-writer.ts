// A WebM file written as frames arrive: werift's Matroska element builders (WEBMContainer, EBML),
// laid out so that a browser can seek it over HTTP range requests once it is finished — a SeekHead
// at the start that points at the Cues at the end, a real Duration, sized clusters. (werift's own
// WebmBase leaves the SeekHead empty, so a player would have to read the whole file to seek.)
// Memory stays bounded: bytes go to disk in ~64 KB writes, and when the disk falls behind by more than
// MAX_PENDING_BYTES the frame is refused (the recorder then waits for the next keyframe).
import type { FileHandle } from 'node:fs/promises';
import { build, bytes, element, float, ID, number, string, WEBMContainer } from 'werift/nonstandard';

export interface WebmTrackSpec {
  kind: 'video' | 'audio';
  /** MPEG4/ISO/AVC: H.264 in length-prefixed NAL units, with its avcC as codecPrivate (as Chromium's MediaRecorder writes it into WebM). */
  codec: 'VP8' | 'OPUS' | 'MPEG4/ISO/AVC';
  width?: number;
  height?: number;
  codecPrivate?: Buffer;
}

export interface WebmResult {
  /** The last frame's time: the file's Duration. */
  durationMs: number;
  bytes: number;
}

/** Room kept after the segment's start for the SeekHead written at the end (68 bytes + a Void). */
const SEEK_HEAD_RESERVE = 96;
/** A SimpleBlock's time is a signed 16-bit offset from its cluster's. */
const MAX_CLUSTER_SPAN_MS = 30_000;
/** Without video, a cluster (and a cue point) every few seconds keeps audio-only replays seekable. */
const AUDIO_CLUSTER_MS = 5_000;
const FLUSH_BYTES = 64 * 1024;
const FLUSH_INTERVAL_MS = 1_000;
export const MAX_PENDING_BYTES = 16 * 1024 * 1024;
/** The size field a cluster or segment gets once it is closed: 8 bytes, so it fits where "unknown" was. */
const SIZE_FIELD_BYTES = 8;

function sizeField(value: number): Buffer {
  const field = Buffer.alloc(SIZE_FIELD_BYTES);
  field[0] = 0x01;
  // The value in the 7 bytes after the length marker.
  field.writeUIntBE(Math.floor(value / 2 ** 32), 1, 3);
  field.writeUInt32BE(value % 2 ** 32, 4);
  return field;
}

/** A Void element of exactly `total` bytes (2 to 16 386): its ID, a 1- or 2-byte size, zeros. */
function voidElement(total: number): Buffer {
  const out = Buffer.alloc(total);
  out[0] = ID.Void[0]!;
  if (total - 2 < 0x7f) {
    out[1] = 0x80 | (total - 2);
  } else {
    out[1] = 0x40 | ((total - 3) >> 8);
    out[2] = (total - 3) & 0xff;
  }
  return out;
}

function seekEntry(id: Uint8Array, position: number) {
  const pos = Buffer.alloc(8);
  pos.writeBigUInt64BE(BigInt(position));
  return element(ID.Seek, [element(ID.SeekID, bytes(id)), element(ID.SeekPosition, bytes(pos))]);
}

export class WebmWriter {
  readonly #handle: FileHandle;
  readonly #container: WEBMContainer;
  readonly #tracks: WebmTrackSpec[];
  readonly #videoTrack: number | undefined;
  /** Where the segment's children start: every position in SeekHead and Cues counts from here. */
  readonly #segmentData: number;
  readonly #infoAt: number;
  readonly #tracksAt: number;
  readonly #durationAt: number;
  /** Where the video track's TrackEntry is, and its length. */
  readonly #videoEntry: { at: number; length: number } | undefined;
  readonly #cuePoints: ReturnType<WEBMContainer['createCuePoint']>[] = [];
  #position = 0;
  #buffered: Buffer[] = [];
  #bufferedBytes = 0;
  #pendingBytes = 0;
  #writes: Promise<void> = Promise.resolve();
  #error: Error | undefined;
  #cluster: { at: number; time: number } | undefined;
  #lastTime = 0;
  #videoFrames = 0;
  #finished = false;
  readonly #timer: NodeJS.Timeout;

  /** Writes the header into `handle`, a file just opened for writing ('w'). */
  constructor(handle: FileHandle, tracks: WebmTrackSpec[]) {
    this.#handle = handle;
    this.#tracks = tracks;
    const numbered = tracks.map((t, i) => ({ ...t, trackNumber: i + 1 }));
    this.#container = new WEBMContainer(numbered);
    // werift writes a CodecPrivate for Opus only: H.264's decoder configuration goes in here.
    for (const t of numbered) {
      if (!t.codecPrivate) continue;
      this.#container.trackEntries[t.trackNumber - 1] = element(ID.TrackEntry, [
        element(ID.TrackNumber, number(t.trackNumber)),
        element(ID.TrackUID, number(t.trackNumber)),
        element(ID.CodecName, string(t.codec)),
        element(ID.TrackType, number(t.kind === 'video' ? 1 : 2)),
        element(ID.CodecID, string(`${t.kind === 'video' ? 'V' : 'A'}_${t.codec}`)),
        element(ID.CodecPrivate, bytes(t.codecPrivate)),
        element(ID.Video, [element(ID.PixelWidth, number(t.width ?? 640)), element(ID.PixelHeight, number(t.height ?? 360))]),
      ]);
    }
    const video = numbered.find((t) => t.kind === 'video');
    this.#videoTrack = video?.trackNumber;

    const ebml = Buffer.from(this.#container.ebmlHeader);
    const segmentHeader = Buffer.concat([Buffer.from(ID.Segment), sizeField(0)]);
    segmentHeader.fill(0xff, ID.Segment.length + 1); // 0x01FFFFFFFFFFFFFF: size unknown until finished
    this.#segmentData = ebml.length + segmentHeader.length;
    const info = Buffer.from(
      build(
        element(ID.Info, [
          element(ID.TimecodeScale, number(1_000_000)),
          element(ID.MuxingApp, string('LiveMarket')),
          element(ID.WritingApp, string('LiveMarket')),
          // Last, so its 4-byte value is the info's last 4 bytes: rewritten when the file is finished.
          element(ID.Duration, float(0)),
        ]),
      ),
    );
    const trackList = Buffer.from(build(element(ID.Tracks, this.#container.trackEntries)));
    this.#infoAt = this.#segmentData + SEEK_HEAD_RESERVE;
    this.#durationAt = this.#infoAt + info.length - 4;
    this.#tracksAt = this.#infoAt + info.length;
    const entryLengths = this.#container.trackEntries.map((entry) => build(entry).length);
    if (video) {
      const index = numbered.indexOf(video);
      const before = entryLengths.slice(0, index).reduce((sum, length) => sum + length, 0);
      const tracksHeader = trackList.length - entryLengths.reduce((sum, length) => sum + length, 0);
      this.#videoEntry = { at: this.#tracksAt + tracksHeader + before, length: entryLengths[index]! };
    }
    this.#append(Buffer.concat([ebml, segmentHeader, voidElement(SEEK_HEAD_RESERVE), info, trackList]));
    this.#flush();
    this.#timer = setInterval(() => this.#flush(), FLUSH_INTERVAL_MS);
    this.#timer.unref();
  }

  get bytes(): number {
    return this.#position;
  }

  get failed(): Error | undefined {
    return this.#error;
  }

  trackNumber(kind: 'video' | 'audio'): number | undefined {
    const index = this.#tracks.findIndex((t) => t.kind === kind);
    return index === -1 ? undefined : index + 1;
  }

  /**
   * Adds one frame at `timeMs` from the file's start (never earlier than the previous one of any
   * track). False when it was refused: the disk is behind, the file failed, or it is finished.
   */
  addFrame(trackNumber: number, timeMs: number, keyframe: boolean, data: Buffer): boolean {
    if (this.#finished || this.#error || this.#pendingBytes + this.#bufferedBytes > MAX_PENDING_BYTES) return false;
    const time = Math.max(Math.round(timeMs), this.#cluster?.time ?? 0);
    const isVideo = trackNumber === this.#videoTrack;
    if (isVideo) this.#videoFrames += 1;
    // Clusters and cues follow the video's keyframes; until the first video frame, audio's (every few seconds).
    const byVideo = this.#videoFrames > 0;
    const startsGroup = byVideo ? isVideo && keyframe : !this.#cluster || time - this.#cluster.time >= AUDIO_CLUSTER_MS;
    if (!this.#cluster || (startsGroup && time > this.#cluster.time) || time - this.#cluster.time > MAX_CLUSTER_SPAN_MS) {
      this.#openCluster(time, startsGroup ? trackNumber : undefined);
    }
    // Every Opus frame decodes on its own: flagged a keyframe (as libwebm does), so a demuxer that
    // indexes what it reads (FFmpeg's, in Chromium, ignores Cues with fewer than two points) can seek audio.
    const block = this.#container.createSimpleBlock(data, keyframe || !isVideo, trackNumber, time - this.#cluster!.time);
    this.#append(block);
    this.#lastTime = Math.max(this.#lastTime, time);
    return true;
  }

  #openCluster(time: number, cueTrack: number | undefined): void {
    this.#closeCluster();
    const at = this.#position;
    // The cue's block number is 1: the keyframe (or first audio frame) opens the cluster.
    if (cueTrack !== undefined) this.#cuePoints.push(this.#container.createCuePoint(time, cueTrack, at - this.#segmentData, 1));
    this.#cluster = { at, time };
    this.#append(Buffer.from(this.#container.createCluster(time)));
  }

  /** Replaces the cluster's unknown size with its real one. */
  #closeCluster(): void {
    if (!this.#cluster) return;
    const { at } = this.#cluster;
    this.#patch(at + ID.Cluster.length, sizeField(this.#position - at - ID.Cluster.length - SIZE_FIELD_BYTES));
  }

  #append(chunk: Buffer): void {
    this.#buffered.push(chunk);
    this.#bufferedBytes += chunk.length;
    this.#position += chunk.length;
    if (this.#bufferedBytes >= FLUSH_BYTES) this.#flush();
  }

  #flush(): void {
    if (this.#bufferedBytes === 0) return;
    const chunk = Buffer.concat(this.#buffered, this.#bufferedBytes);
    this.#buffered = [];
    this.#bufferedBytes = 0;
    this.#write(chunk, this.#position - chunk.length);
  }

  /** Rewrites bytes already appended: flushed first, so the later write cannot overwrite the patch. */
  #patch(position: number, chunk: Buffer): void {
    this.#flush();
    this.#write(chunk, position);
  }

  #write(chunk: Buffer, position: number): void {
    this.#pendingBytes += chunk.length;
    this.#writes = this.#writes.then(async () => {
      try {
        if (!this.#error) await this.#handle.write(chunk, 0, chunk.length, position);
      } catch (error) {
        this.#error = error as Error;
      } finally {
        this.#pendingBytes -= chunk.length;
      }
    });
  }

  /** Writes the cues, the real sizes, the Duration and the SeekHead, and closes the file. */
  async finish(): Promise<WebmResult> {
    if (!this.#finished) {
      this.#finished = true;
      clearInterval(this.#timer);
      this.#closeCluster();
      const cuesAt = this.#position;
      if (this.#cuePoints.length > 0) this.#append(Buffer.from(this.#container.createCues(this.#cuePoints)));
      this.#patch(this.#segmentData - SIZE_FIELD_BYTES, sizeField(this.#position - this.#segmentData));
      this.#patch(this.#durationAt, Buffer.from(float(this.#lastTime).bytes));
      const entries = [seekEntry(ID.Info, this.#infoAt - this.#segmentData), seekEntry(ID.Tracks, this.#tracksAt - this.#segmentData)];
      if (this.#cuePoints.length > 0) entries.push(seekEntry(ID.Cues, cuesAt - this.#segmentData));
      const seekHead = Buffer.from(build(element(ID.SeekHead, entries)));
      this.#patch(this.#segmentData, Buffer.concat([seekHead, voidElement(SEEK_HEAD_RESERVE - seekHead.length)]));
      // A video track without a single frame makes Chromium refuse the whole file ("demuxer seek
      // failed"): when the camera's video never came, the file becomes audio alone.
      if (this.#videoEntry && this.#videoFrames === 0) this.#patch(this.#videoEntry.at, voidElement(this.#videoEntry.length));
      await this.#writes;
      await this.#handle.close().catch(() => {});
    }
    await this.#writes;
    if (this.#error) throw this.#error;
    return { durationMs: this.#lastTime, bytes: this.#position };
  }
}
