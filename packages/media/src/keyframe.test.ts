import { describe, expect, it } from 'vitest';
import { isH264KeyframeStart, isKeyframeStart, isVp8KeyframeStart, vp8DescriptorLength } from './keyframe.js';

const bytes = (...values: number[]) => Uint8Array.from(values);

describe('VP8 keyframe detection', () => {
  it('reads descriptor lengths with and without the extension fields', () => {
    expect(vp8DescriptorLength(bytes(0x10, 0x00))).toBe(1);
    expect(vp8DescriptorLength(bytes(0x90, 0x80, 0x12, 0x00))).toBe(3); // 7-bit PictureID
    expect(vp8DescriptorLength(bytes(0x90, 0x80, 0x81, 0x23, 0x00))).toBe(4); // 15-bit PictureID
    expect(vp8DescriptorLength(bytes(0x90, 0xe0, 0x81, 0x23, 0x05, 0x40, 0x00))).toBe(6); // + TL0PICIDX + TID
    expect(vp8DescriptorLength(bytes(0x90, 0x80))).toBe(-1);
  });

  it('finds the first packet of a keyframe: S=1, PID=0 and the P bit clear', () => {
    expect(isVp8KeyframeStart(bytes(0x90, 0x80, 0x81, 0x23, 0x50, 0x2a, 0x01))).toBe(true);
    expect(isVp8KeyframeStart(bytes(0x10, 0x9d))).toBe(false); // P=1: interframe
    expect(isVp8KeyframeStart(bytes(0x10, 0x9c))).toBe(true);
    expect(isVp8KeyframeStart(bytes(0x80, 0x80, 0x81, 0x23, 0x50))).toBe(false); // not a partition start
    expect(isVp8KeyframeStart(bytes(0x11, 0x50))).toBe(false); // partition 1
    expect(isVp8KeyframeStart(bytes())).toBe(false);
    expect(isKeyframeStart('vp8', bytes(0x10, 0x00))).toBe(true);
  });
});

describe('H264 keyframe detection', () => {
  it('accepts SPS and IDR NAL units sent alone', () => {
    expect(isH264KeyframeStart(bytes(0x67, 0x42))).toBe(true); // SPS
    expect(isH264KeyframeStart(bytes(0x65, 0x88))).toBe(true); // IDR
    expect(isH264KeyframeStart(bytes(0x41, 0x9a))).toBe(false); // non-IDR slice
    expect(isH264KeyframeStart(bytes(0x68, 0xce))).toBe(false); // PPS alone
  });

  it('looks inside STAP-A aggregates', () => {
    const stap = bytes(0x78, 0x00, 0x02, 0x67, 0x42, 0x00, 0x02, 0x68, 0xce);
    expect(isH264KeyframeStart(stap)).toBe(true);
    expect(isH264KeyframeStart(bytes(0x78, 0x00, 0x02, 0x06, 0x05, 0x00, 0x02, 0x68, 0xce))).toBe(false); // SEI + PPS
    expect(isH264KeyframeStart(bytes(0x78, 0x00, 0x09, 0x67))).toBe(false); // truncated
  });

  it('accepts only the first FU-A fragment of an IDR', () => {
    expect(isH264KeyframeStart(bytes(0x7c, 0x85, 0x88))).toBe(true); // S=1, type 5
    expect(isH264KeyframeStart(bytes(0x7c, 0x05, 0x88))).toBe(false); // middle fragment
    expect(isH264KeyframeStart(bytes(0x7c, 0x81, 0x9a))).toBe(false); // non-IDR slice
    expect(isKeyframeStart('h264', bytes(0x65))).toBe(true);
  });
});
