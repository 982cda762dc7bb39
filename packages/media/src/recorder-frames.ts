// The recorder's per-track pieces: a track's reorder buffer and clock (Source), and how RTP packets
// become the frames a WebM file holds, per codec (VP8, or H.264 as sent: decision 052).
import type { RtpPacket } from 'werift';
import { JitterBufferBase } from 'werift/nonstandard';
import { avcDecoderConfig, avcFrame, h264Nalus, NAL_IDR, NAL_PPS, NAL_SPS, nalType, spsSize } from './h264.js';
import { isVp8KeyframeStart, vp8DescriptorLength } from './keyframe.js';
import { LAYER_FULL, type Layer, type SourceMedia } from './protocol.js';
import type { MediaKind } from './sdp.js';
import type { WebmTrackSpec } from './webm-writer.js';

/** A VP8 frame over this many packets (~600 KB) is dropped: a sender that never sets the marker bit. */
export const MAX_FRAME_PACKETS = 512;
const JITTER = {
  video: { clockRate: 90_000, latency: 400, bufferSize: 400 },
  audio: { clockRate: 48_000, latency: 100, bufferSize: 100 },
} as const;

export type VideoCodec = 'vp8' | 'h264';

/** What of a publisher's media can be recorded: VP8 or H.264 video and Opus audio. */
export function recordableKinds(media: SourceMedia): { video: boolean; audio: boolean } {
  return { video: videoCodec(media) !== undefined, audio: media.audio?.mimeType.toLowerCase() === 'audio/opus' };
}

export function videoCodec(media: SourceMedia): VideoCodec | undefined {
  const mime = media.video?.mimeType.toLowerCase();
  return mime === 'video/vp8' ? 'vp8' : mime === 'video/h264' ? 'h264' : undefined;
}

/** A VP8 frame's payloads without their descriptors (RFC 7741); null when one is malformed. */
function vp8Frame(packets: RtpPacket[]): { keyframe: boolean; data: Buffer } | null {
  const parts: Buffer[] = [];
  for (const p of packets) {
    const offset = vp8DescriptorLength(p.payload);
    if (offset < 0) return null;
    parts.push(p.payload.subarray(offset));
  }
  return { keyframe: isVp8KeyframeStart(packets[0]!.payload), data: Buffer.concat(parts) };
}

/** The picture size in a VP8 keyframe's header (RFC 6386 §9.1), or undefined. */
function vp8Size(frame: Buffer): { width: number; height: number } | undefined {
  if (frame.length < 10 || frame[3] !== 0x9d || frame[4] !== 0x01 || frame[5] !== 0x2a) return undefined;
  return { width: frame.readUInt16LE(6) & 0x3fff, height: frame.readUInt16LE(8) & 0x3fff };
}

/** One track (one video layer) of one publisher session: its reorder buffer, its clock, the frame being put together. */
export class Source {
  readonly jitter: JitterBufferBase;
  /** Milliseconds since the recorder's epoch of this source's first packet, and RTP time since then. */
  #anchor: number | undefined;
  #lastTimestamp = 0;
  #ticks = 0;
  frame: RtpPacket[] = [];
  lastSeq: number | undefined;
  /** Video: a packet was lost, so frames are skipped until the next keyframe. */
  broken = true;
  /** When its last packet came (Date.now()). */
  lastPacketAt = 0;

  constructor(
    readonly kind: MediaKind,
    readonly layer: Layer = LAYER_FULL,
  ) {
    const { clockRate, latency, bufferSize } = JITTER[kind];
    this.jitter = new JitterBufferBase(clockRate, { latency, bufferSize });
  }

  /** Arrival time of the first packet plus RTP time since it: the tracks share one wall clock. */
  time(timestamp: number, now: number): number {
    if (this.#anchor === undefined) {
      this.#anchor = now;
      this.#lastTimestamp = timestamp;
    }
    this.#ticks += (timestamp - this.#lastTimestamp) | 0;
    this.#lastTimestamp = timestamp;
    return this.#anchor + (this.#ticks * 1000) / JITTER[this.kind].clockRate;
  }
}

/** Packets to frames for one publisher's video codec; H.264 keeps the SPS and PPS its track needs. */
export class VideoFrames {
  #sps: Buffer | undefined;
  #pps: Buffer | undefined;

  constructor(readonly codec: VideoCodec | undefined) {}

  /** One frame from the packets of one timestamp; null when a packet is malformed. */
  frame(packets: RtpPacket[]): { keyframe: boolean; data: Buffer } | null {
    return this.codec === 'h264' ? this.#h264Frame(packets) : vp8Frame(packets);
  }

  /** An H.264 access unit, length-prefixed; a keyframe holds an IDR slice. Its SPS and PPS are kept. */
  #h264Frame(packets: RtpPacket[]): { keyframe: boolean; data: Buffer } | null {
    const nalus = h264Nalus(packets.map((p) => p.payload));
    if (!nalus?.length) return null;
    for (const nalu of nalus) {
      if (nalType(nalu) === NAL_SPS) this.#sps = nalu;
      if (nalType(nalu) === NAL_PPS) this.#pps = nalu;
    }
    return { keyframe: nalus.some((n) => nalType(n) === NAL_IDR), data: avcFrame(nalus) };
  }

  /** The video track as the file declares it: H.264 needs its SPS and PPS (null until they came). */
  track(kind: MediaKind, data: Buffer): WebmTrackSpec | null {
    if (this.codec !== 'h264') return { kind: 'video', codec: 'VP8', ...(kind === 'video' ? vp8Size(data) : undefined) };
    if (!this.#sps || !this.#pps) return null;
    return { kind: 'video', codec: 'MPEG4/ISO/AVC', codecPrivate: avcDecoderConfig(this.#sps, this.#pps), ...spsSize(this.#sps) };
  }
}
