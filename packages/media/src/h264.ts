// H.264 for the recorder (decision 052): RTP payloads (RFC 6184: single NAL units, STAP-A, FU-A)
// back into an access unit in the length-prefixed form Matroska's V_MPEG4/ISO/AVC keeps, the
// AVCDecoderConfigurationRecord (avcC) its CodecPrivate needs, and the picture size from the SPS.

const STAP_A = 24;
const FU_A = 28;
export const NAL_IDR = 5;
export const NAL_SPS = 7;
export const NAL_PPS = 8;

/** The NAL units of one frame's packets, in order; null when a fragment is missing or malformed. */
export function h264Nalus(payloads: Uint8Array[]): Buffer[] | null {
  const nalus: Buffer[] = [];
  let fragments: Buffer[] | null = null;
  for (const raw of payloads) {
    const payload = Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength);
    if (payload.length < 1) return null;
    const type = payload[0]! & 0x1f;
    if (type >= 1 && type <= 23) {
      nalus.push(payload);
    } else if (type === STAP_A) {
      for (let offset = 1; offset + 2 <= payload.length; ) {
        const size = payload.readUInt16BE(offset);
        if (size === 0 || offset + 2 + size > payload.length) return null;
        nalus.push(payload.subarray(offset + 2, offset + 2 + size));
        offset += 2 + size;
      }
    } else if (type === FU_A) {
      if (payload.length < 3) return null;
      const header = payload[1]!;
      if (header & 0x80) fragments = [Buffer.from([(payload[0]! & 0xe0) | (header & 0x1f)])];
      if (!fragments) return null;
      fragments.push(payload.subarray(2));
      if (header & 0x40) {
        nalus.push(Buffer.concat(fragments));
        fragments = null;
      }
    } else {
      return null;
    }
  }
  return fragments ? null : nalus;
}

export const nalType = (nalu: Buffer): number => nalu[0]! & 0x1f;

/** Each NAL unit after its 4-byte length (the avcC's lengthSizeMinusOne is 3). */
export function avcFrame(nalus: Buffer[]): Buffer {
  const parts: Buffer[] = [];
  for (const nalu of nalus) {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(nalu.length);
    parts.push(length, nalu);
  }
  return Buffer.concat(parts);
}

/** ISO/IEC 14496-15 §5.3.3.1: version 1, the SPS's profile and level, 4-byte lengths, one SPS and one PPS. */
export function avcDecoderConfig(sps: Buffer, pps: Buffer): Buffer {
  const size = (n: number) => Buffer.from([n >> 8, n & 0xff]);
  return Buffer.concat([Buffer.from([1, sps[1]!, sps[2]!, sps[3]!, 0xfc | 3, 0xe0 | 1]), size(sps.length), sps, Buffer.from([1]), size(pps.length), pps]);
}

/** Exp-Golomb reader over an RBSP (emulation-prevention bytes removed). */
class Bits {
  #at = 0;
  constructor(private readonly data: Buffer) {}
  bit(): number {
    const byte = this.data[this.#at >> 3];
    if (byte === undefined) throw new RangeError('past the SPS');
    return (byte >> (7 - (this.#at++ & 7))) & 1;
  }
  bits(n: number): number {
    let value = 0;
    for (let i = 0; i < n; i++) value = value * 2 + this.bit();
    return value;
  }
  ue(): number {
    let zeros = 0;
    while (this.bit() === 0) zeros++;
    return 2 ** zeros - 1 + this.bits(zeros);
  }
  se(): number {
    const v = this.ue();
    return v % 2 ? (v + 1) / 2 : -v / 2;
  }
}

/** The picture size an SPS declares (ITU-T H.264 §7.3.2.1.1), or undefined when it cannot be read. */
export function spsSize(sps: Buffer): { width: number; height: number } | undefined {
  const rbsp: number[] = [];
  for (let i = 1; i < sps.length; i++) {
    if (i >= 3 && sps[i] === 3 && sps[i - 1] === 0 && sps[i - 2] === 0) continue;
    rbsp.push(sps[i]!);
  }
  try {
    const b = new Bits(Buffer.from(rbsp));
    const profile = b.bits(8);
    b.bits(16); // constraint flags, level
    b.ue(); // seq_parameter_set_id
    let chroma = 1;
    if ([100, 110, 122, 244, 44, 83, 86, 118, 128, 138, 139, 134, 135].includes(profile)) {
      chroma = b.ue();
      if (chroma === 3) b.bit();
      b.ue();
      b.ue();
      b.bit();
      // Scaling matrices: rare from cameras, and long to skip; the size is then left to the decoder.
      if (b.bit()) return undefined;
    }
    b.ue(); // log2_max_frame_num
    const pocType = b.ue();
    if (pocType === 0) b.ue();
    else if (pocType === 1) {
      b.bit();
      b.se();
      b.se();
      const cycle = b.ue();
      for (let i = 0; i < cycle; i++) b.se();
    }
    b.ue(); // max_num_ref_frames
    b.bit();
    const widthMbs = b.ue() + 1;
    const heightMapUnits = b.ue() + 1;
    const frameMbsOnly = b.bit();
    if (!frameMbsOnly) b.bit();
    b.bit();
    let crop = { left: 0, right: 0, top: 0, bottom: 0 };
    if (b.bit()) crop = { left: b.ue(), right: b.ue(), top: b.ue(), bottom: b.ue() };
    const cropX = chroma === 0 || chroma === 3 ? 1 : 2;
    const cropY = (chroma === 1 || chroma === 0 ? (chroma === 0 ? 1 : 2) : 1) * (2 - frameMbsOnly);
    return {
      width: widthMbs * 16 - cropX * (crop.left + crop.right),
      height: (2 - frameMbsOnly) * heightMapUnits * 16 - cropY * (crop.top + crop.bottom),
    };
  } catch {
    return undefined;
  }
}
