import { describe, expect, it } from 'vitest';
import { avcDecoderConfig, avcFrame, h264Nalus, spsSize } from './h264.js';

describe('H.264 for recordings', () => {
  const sps = Buffer.from([0x67, 0x42, 0xe0, 0x1f, 0xda, 0x02, 0x80, 0xbf, 0xe5]);
  const pps = Buffer.from([0x68, 0xce, 0x3c, 0x80]);

  it('puts a frame back together from a STAP-A and FU-A fragments', () => {
    const idr = Buffer.concat([Buffer.from([0x65]), Buffer.alloc(10, 7)]);
    const stap = Buffer.concat([Buffer.from([0x78, 0, sps.length]), sps, Buffer.from([0, pps.length]), pps]);
    const fu = (start: boolean, end: boolean, body: Buffer) => Buffer.concat([Buffer.from([0x7c, (start ? 0x80 : 0) | (end ? 0x40 : 0) | 5]), body]);
    const nalus = h264Nalus([stap, fu(true, false, idr.subarray(1, 6)), fu(false, true, idr.subarray(6))]);
    expect(nalus).toEqual([sps, pps, Buffer.concat([Buffer.from([0x65]), idr.subarray(1)])]);
    expect(avcFrame(nalus!).subarray(0, 4)).toEqual(Buffer.from([0, 0, 0, sps.length]));
    // A frame whose first fragment was lost cannot be put together.
    expect(h264Nalus([fu(false, true, idr.subarray(6))])).toBeNull();
    expect(h264Nalus([fu(true, false, idr.subarray(1, 6))])).toBeNull();
  });

  it('reads the picture size from an SPS, and writes the avcC a player configures its decoder with', () => {
    expect(spsSize(sps)).toEqual({ width: 640, height: 360 });
    // libx264 1280×720 High profile (no scaling matrices), with an emulation-prevention byte.
    expect(spsSize(Buffer.from('6764001facd9405005bb011000000300100000030320f18319600', 'hex'))).toEqual({ width: 1280, height: 720 });
    const config = avcDecoderConfig(sps, pps);
    expect([...config.subarray(0, 8)]).toEqual([1, 0x42, 0xe0, 0x1f, 0xff, 0xe1, 0, sps.length]);
    expect(config.subarray(8 + sps.length)).toEqual(Buffer.concat([Buffer.from([1, 0, pps.length]), pps]));
  });
});
