// Keyframe detection on RTP payloads. A viewer's video is held until a packet that starts a
// keyframe, so that its decoder never sees delta frames whose reference it never had.

export type VideoCodecName = 'vp8' | 'h264';

/** The VP8 payload descriptor's length (RFC 7741 §4.2), or -1 when the payload is too short. */
export function vp8DescriptorLength(payload: Uint8Array): number {
  if (payload.length < 1) return -1;
  const b0 = payload[0]!;
  let length = 1;
  if (b0 & 0x80) {
    // X: an extension byte follows with the I, L, T and K flags.
    if (payload.length < 2) return -1;
    const x = payload[1]!;
    length = 2;
    if (x & 0x80) {
      // I: PictureID, 7 bits, or 15 bits when its first bit (M) is set.
      if (payload.length < length + 1) return -1;
      length += payload[length]! & 0x80 ? 2 : 1;
    }
    if (x & 0x40) length += 1; // L: TL0PICIDX
    if (x & 0x30) length += 1; // T or K: TID/Y/KEYIDX
  }
  return payload.length < length ? -1 : length;
}

/**
 * True when the payload is the first packet of a VP8 keyframe: the start of partition 0 (S=1, PID=0)
 * whose VP8 frame tag has the inverse key-frame bit P cleared (RFC 6386 §9.1).
 */
export function isVp8KeyframeStart(payload: Uint8Array): boolean {
  const offset = vp8DescriptorLength(payload);
  if (offset < 0 || offset >= payload.length) return false;
  const b0 = payload[0]!;
  const start = (b0 & 0x10) !== 0 && (b0 & 0x07) === 0;
  return start && (payload[offset]! & 0x01) === 0;
}

const H264_IDR = 5;
const H264_SPS = 7;
const H264_STAP_A = 24;
const H264_FU_A = 28;

function isH264KeyNal(type: number): boolean {
  return type === H264_IDR || type === H264_SPS;
}

/**
 * True when the payload carries the start of an H264 keyframe (RFC 6184): an SPS or IDR NAL unit,
 * alone, inside a STAP-A aggregate, or as the first fragment of an FU-A. Browsers send SPS and PPS in
 * a STAP-A right before the IDR, so the SPS packet is normally the one that opens the keyframe.
 */
export function isH264KeyframeStart(payload: Uint8Array): boolean {
  if (payload.length < 1) return false;
  const type = payload[0]! & 0x1f;
  if (type >= 1 && type <= 23) return isH264KeyNal(type);
  if (type === H264_STAP_A) {
    let offset = 1;
    while (offset + 2 < payload.length) {
      const size = (payload[offset]! << 8) | payload[offset + 1]!;
      if (size === 0 || offset + 2 + size > payload.length) return false;
      if (isH264KeyNal(payload[offset + 2]! & 0x1f)) return true;
      offset += 2 + size;
    }
    return false;
  }
  if (type === H264_FU_A) {
    if (payload.length < 2) return false;
    const fuHeader = payload[1]!;
    return (fuHeader & 0x80) !== 0 && isH264KeyNal(fuHeader & 0x1f);
  }
  return false;
}

export function videoCodecName(mimeType: string): VideoCodecName | undefined {
  const name = mimeType.toLowerCase();
  if (name === 'video/vp8') return 'vp8';
  if (name === 'video/h264') return 'h264';
  return undefined;
}

export function isKeyframeStart(codec: VideoCodecName, payload: Uint8Array): boolean {
  return codec === 'vp8' ? isVp8KeyframeStart(payload) : isH264KeyframeStart(payload);
}
