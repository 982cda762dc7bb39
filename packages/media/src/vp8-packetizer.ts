// VP8 RTP packetizer (RFC 7741): splits each encoded frame into packets no larger than the MTU,
// each with a 4-byte payload descriptor carrying a 15-bit PictureID, the S bit on the frame's first
// packet, the marker bit on its last, and one sequence number per packet.
import { randomInt } from 'node:crypto';
import { RtpHeader, RtpPacket } from 'werift';

export const DEFAULT_MTU = 1200;
const RTP_HEADER_SIZE = 12;
const DESCRIPTOR_SIZE = 4;

export interface Vp8PacketizerOptions {
  ssrc: number;
  payloadType: number;
  /** Largest RTP packet, header included; SRTP adds its tag on top. */
  mtu?: number;
  firstSequenceNumber?: number;
  firstPictureId?: number;
}

export class Vp8Packetizer {
  readonly ssrc: number;
  readonly payloadType: number;
  readonly maxChunk: number;
  #sequenceNumber: number;
  #pictureId: number;

  constructor(options: Vp8PacketizerOptions) {
    this.ssrc = options.ssrc;
    this.payloadType = options.payloadType;
    this.maxChunk = (options.mtu ?? DEFAULT_MTU) - RTP_HEADER_SIZE - DESCRIPTOR_SIZE;
    if (this.maxChunk < 1) throw new Error('MTU too small for VP8 packets');
    // Random starting points, as RFC 3550 asks, unless a test pins them.
    this.#sequenceNumber = options.firstSequenceNumber ?? randomInt(0, 0x10000);
    this.#pictureId = options.firstPictureId ?? randomInt(0, 0x8000);
  }

  get nextSequenceNumber(): number {
    return this.#sequenceNumber;
  }

  /** Packets for one frame; `timestamp` is its 90 kHz RTP timestamp. */
  packetize(frame: Uint8Array, timestamp: number): RtpPacket[] {
    if (frame.length === 0) return [];
    // Equal-sized chunks rather than full ones plus a runt: steadier packet sizes on the wire.
    const count = Math.ceil(frame.length / this.maxChunk);
    const chunk = Math.ceil(frame.length / count);
    const pictureId = this.#pictureId;
    this.#pictureId = (this.#pictureId + 1) & 0x7fff;

    const packets: RtpPacket[] = [];
    for (let i = 0, offset = 0; i < count; i += 1, offset += chunk) {
      const part = frame.subarray(offset, Math.min(offset + chunk, frame.length));
      const payload = Buffer.allocUnsafe(DESCRIPTOR_SIZE + part.length);
      payload[0] = 0x80 | (i === 0 ? 0x10 : 0); // X=1, S on the first packet, PID=0
      payload[1] = 0x80; // I: a PictureID follows
      payload[2] = 0x80 | (pictureId >> 8); // M=1: 15-bit PictureID
      payload[3] = pictureId & 0xff;
      payload.set(part, DESCRIPTOR_SIZE);
      const header = new RtpHeader({
        payloadType: this.payloadType,
        sequenceNumber: this.#sequenceNumber,
        timestamp: timestamp >>> 0,
        ssrc: this.ssrc,
        marker: i === count - 1,
      });
      this.#sequenceNumber = (this.#sequenceNumber + 1) & 0xffff;
      packets.push(new RtpPacket(header, payload));
    }
    return packets;
  }
}
