// A reader for IVF, the container ffmpeg writes VP8 into: a 32-byte file header, then per frame a
// 12-byte header (size, 64-bit presentation time in timebase units) and the frame bytes.
import { readFileSync } from 'node:fs';

export interface IvfFrame {
  data: Buffer;
  /** Presentation time in timebase units. */
  pts: number;
  keyframe: boolean;
}

export interface IvfFile {
  fourcc: string;
  width: number;
  height: number;
  /** Seconds per pts unit is numerator / denominator. */
  timebase: { numerator: number; denominator: number };
  frames: IvfFrame[];
}

const FILE_HEADER_SIZE = 32;
const FRAME_HEADER_SIZE = 12;

export function parseIvf(buf: Buffer): IvfFile {
  if (buf.length < FILE_HEADER_SIZE || buf.toString('ascii', 0, 4) !== 'DKIF') {
    throw new Error('Not an IVF file (no DKIF signature)');
  }
  const headerSize = buf.readUInt16LE(6);
  const fourcc = buf.toString('ascii', 8, 12);
  const width = buf.readUInt16LE(12);
  const height = buf.readUInt16LE(14);
  // ffmpeg writes the frame rate as the "rate" (denominator) and 1 as the "scale" (numerator).
  const denominator = buf.readUInt32LE(16);
  const numerator = buf.readUInt32LE(20);
  if (denominator === 0 || numerator === 0) throw new Error('IVF file has a zero timebase');

  const frames: IvfFrame[] = [];
  let offset = Math.max(headerSize, FILE_HEADER_SIZE);
  while (offset + FRAME_HEADER_SIZE <= buf.length) {
    const size = buf.readUInt32LE(offset);
    const pts = Number(buf.readBigUInt64LE(offset + 4));
    const start = offset + FRAME_HEADER_SIZE;
    if (size === 0 || start + size > buf.length) throw new Error(`IVF frame at byte ${offset} is truncated`);
    const data = buf.subarray(start, start + size);
    // VP8 frame tag (RFC 6386 §9.1): bit 0 is the inverse key-frame flag.
    frames.push({ data, pts, keyframe: fourcc === 'VP80' && (data[0]! & 0x01) === 0 });
    offset = start + size;
  }
  if (frames.length === 0) throw new Error('IVF file has no frames');
  return { fourcc, width, height, timebase: { numerator, denominator }, frames };
}

export function readIvf(path: string | URL): IvfFile {
  return parseIvf(readFileSync(path));
}

/** The clip's frame duration in RTP clock units (90 kHz for video). */
export function frameDuration(file: IvfFile, clockRate = 90_000): number {
  const [first, second] = file.frames;
  const units = first && second ? Math.max(1, second.pts - first.pts) : 1;
  return Math.round((units * clockRate * file.timebase.numerator) / file.timebase.denominator);
}
