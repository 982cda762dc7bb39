// Loops the committed VP8 clip as RTP, in real time, so a seeded demo stream looks like a live
// publisher to the SFU. Sequence numbers, timestamps and PictureIDs keep counting across loops;
// a keyframe request is answered by jumping to the clip's next keyframe.
import { randomInt } from 'node:crypto';
import type { RtpPacket } from 'werift';
import { frameDuration, readIvf, type IvfFile } from './ivf.js';
import { Vp8Packetizer } from './vp8-packetizer.js';

export const DEMO_CLIP_URL = new URL('../assets/demo.ivf', import.meta.url);
/** The same clip at a quarter of the pixels and ~150 kbps: the demo's data-saver layer (scripts/make-demo-low-clip.ts). */
export const DEMO_LOW_CLIP_URL = new URL('../assets/demo-low.ivf', import.meta.url);
export const DEMO_PAYLOAD_TYPE = 96;

let cachedClip: IvfFile | undefined;
let cachedLowClip: IvfFile | undefined;

/** The demo clip, read once per thread. */
export function demoClip(): IvfFile {
  cachedClip ??= readIvf(DEMO_CLIP_URL);
  return cachedClip;
}

export function demoLowClip(): IvfFile {
  cachedLowClip ??= readIvf(DEMO_LOW_CLIP_URL);
  return cachedLowClip;
}

export interface DemoSourceOptions {
  onPacket: (packet: RtpPacket) => void;
  clip?: IvfFile;
  payloadType?: number;
  ssrc?: number;
}

export class DemoSource {
  readonly ssrc: number;
  readonly #clip: IvfFile;
  readonly #packetizer: Vp8Packetizer;
  readonly #onPacket: (packet: RtpPacket) => void;
  readonly #frameMs: number;
  readonly #frameTicks: number;
  #position = 0;
  #framesSent = 0;
  #firstTimestamp = randomInt(0, 0x7fffffff);
  #startedAt = 0;
  #timer: NodeJS.Timeout | undefined;
  #running = false;
  #keyframeWanted = false;
  keyframesSent = 0;

  constructor(options: DemoSourceOptions) {
    this.#clip = options.clip ?? demoClip();
    if (this.#clip.fourcc !== 'VP80') throw new Error(`Demo clip must be VP8, not ${this.#clip.fourcc}`);
    this.ssrc = options.ssrc ?? randomInt(1, 0xffffffff);
    this.#packetizer = new Vp8Packetizer({ ssrc: this.ssrc, payloadType: options.payloadType ?? DEMO_PAYLOAD_TYPE });
    this.#onPacket = options.onPacket;
    this.#frameTicks = frameDuration(this.#clip);
    this.#frameMs = (this.#frameTicks * 1000) / 90_000;
  }

  get running(): boolean {
    return this.#running;
  }

  start(): void {
    if (this.#running) return;
    this.#running = true;
    this.#startedAt = performance.now() - this.#framesSent * this.#frameMs;
    this.#tick();
  }

  stop(): void {
    this.#running = false;
    clearTimeout(this.#timer);
    this.#timer = undefined;
  }

  /** Sends the next keyframe now rather than at the next frame tick: a waiting viewer sees it sooner. */
  requestKeyframe(): void {
    this.#keyframeWanted = true;
    if (!this.#running) return;
    clearTimeout(this.#timer);
    this.#startedAt = performance.now() - this.#framesSent * this.#frameMs;
    this.#tick();
  }

  #tick = (): void => {
    const frames = this.#clip.frames;
    if (this.#keyframeWanted) {
      this.#keyframeWanted = false;
      if (!frames[this.#position]!.keyframe) {
        const next = frames.findIndex((frame, i) => i > this.#position && frame.keyframe);
        this.#position = next === -1 ? 0 : next;
      }
    }
    const frame = frames[this.#position]!;
    if (frame.keyframe) this.keyframesSent += 1;
    const timestamp = (this.#firstTimestamp + this.#framesSent * this.#frameTicks) >>> 0;
    for (const packet of this.#packetizer.packetize(frame.data, timestamp)) this.#onPacket(packet);
    this.#framesSent += 1;
    this.#position = (this.#position + 1) % frames.length;
    if (!this.#running) return; // stopped by a packet listener

    // Schedule against the start time so timer jitter does not accumulate; after a long stall,
    // carry on from now rather than bursting the missed frames.
    const now = performance.now();
    let due = this.#startedAt + this.#framesSent * this.#frameMs;
    if (now - due > 10 * this.#frameMs) {
      this.#startedAt = now - this.#framesSent * this.#frameMs;
      due = now;
    }
    this.#timer = setTimeout(this.#tick, Math.max(0, due - now));
  };
}
