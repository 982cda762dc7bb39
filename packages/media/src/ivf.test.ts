import { describe, expect, it } from 'vitest';
import { DEMO_CLIP_URL } from './demo-source.js';
import { frameDuration, parseIvf, readIvf } from './ivf.js';

function ivf(frames: Buffer[], rate = 20): Buffer {
  const header = Buffer.alloc(32);
  header.write('DKIF', 0, 'ascii');
  header.writeUInt16LE(32, 6);
  header.write('VP80', 8, 'ascii');
  header.writeUInt16LE(64, 12);
  header.writeUInt16LE(48, 14);
  header.writeUInt32LE(rate, 16);
  header.writeUInt32LE(1, 20);
  header.writeUInt32LE(frames.length, 24);
  const parts = frames.flatMap((data, pts) => {
    const frameHeader = Buffer.alloc(12);
    frameHeader.writeUInt32LE(data.length, 0);
    frameHeader.writeBigUInt64LE(BigInt(pts), 4);
    return [frameHeader, data];
  });
  return Buffer.concat([header, ...parts]);
}

describe('IVF reader', () => {
  it('reads frames, timestamps and keyframe flags', () => {
    const file = parseIvf(ivf([Buffer.from([0x50, 1, 2]), Buffer.from([0x51, 3]), Buffer.from([0x31])]));
    expect(file).toMatchObject({ fourcc: 'VP80', width: 64, height: 48, timebase: { numerator: 1, denominator: 20 } });
    expect(file.frames.map((f) => [f.pts, f.keyframe, f.data.length])).toEqual([
      [0, true, 3],
      [1, false, 2],
      [2, false, 1],
    ]);
    expect(frameDuration(file)).toBe(4500); // 50 ms at 90 kHz
  });

  it('refuses files that are not IVF or are cut short', () => {
    expect(() => parseIvf(Buffer.from('RIFF0000000000000000000000000000'))).toThrow(/DKIF/);
    const whole = ivf([Buffer.from([0x50, 1, 2, 3])]);
    expect(() => parseIvf(whole.subarray(0, whole.length - 2))).toThrow(/truncated/);
  });

  it('reads the committed demo clip: 640x360 VP8 that starts on a keyframe', () => {
    const clip = readIvf(DEMO_CLIP_URL);
    expect(clip).toMatchObject({ fourcc: 'VP80', width: 640, height: 360 });
    expect(clip.frames[0]!.keyframe).toBe(true);
    expect(clip.frames.filter((f) => f.keyframe).length).toBeGreaterThanOrEqual(2);
    expect(frameDuration(clip)).toBe(4500);
  });
});
