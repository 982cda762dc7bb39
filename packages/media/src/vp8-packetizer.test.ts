import { describe, expect, it } from 'vitest';
import { isVp8KeyframeStart, vp8DescriptorLength } from './keyframe.js';
import { Vp8Packetizer } from './vp8-packetizer.js';

describe('VP8 packetizer', () => {
  const keyframe = Buffer.concat([Buffer.from([0x50, 0x2a, 0x01, 0x9d, 0x01, 0x2a]), Buffer.alloc(3000, 7)]);

  it('splits a frame into MTU-sized packets with S on the first and the marker on the last', () => {
    const packetizer = new Vp8Packetizer({ ssrc: 1234, payloadType: 96, mtu: 1200, firstSequenceNumber: 10, firstPictureId: 300 });
    const packets = packetizer.packetize(keyframe, 90_000);
    expect(packets).toHaveLength(3);
    for (const [i, packet] of packets.entries()) {
      expect(packet.serialize().length).toBeLessThanOrEqual(1200);
      expect(packet.header).toMatchObject({ ssrc: 1234, payloadType: 96, timestamp: 90_000, sequenceNumber: 10 + i, marker: i === 2 });
      expect((packet.payload[0]! & 0x10) !== 0).toBe(i === 0);
      expect(vp8DescriptorLength(packet.payload)).toBe(4);
      expect(((packet.payload[2]! & 0x7f) << 8) | packet.payload[3]!).toBe(300); // same PictureID for the frame
    }
    expect(isVp8KeyframeStart(packets[0]!.payload)).toBe(true);
    expect(packets.map((p) => p.payload.subarray(4)).reduce((a, b) => Buffer.concat([a, b]))).toEqual(keyframe);
  });

  it('keeps counting sequence numbers and PictureIDs across frames, wrapping at their sizes', () => {
    const packetizer = new Vp8Packetizer({ ssrc: 1, payloadType: 96, firstSequenceNumber: 0xfffe, firstPictureId: 0x7fff });
    const first = packetizer.packetize(keyframe, 0);
    const second = packetizer.packetize(Buffer.from([0x51, 0, 0]), 4500);
    expect([...first, ...second].map((p) => p.header.sequenceNumber)).toEqual([0xfffe, 0xffff, 0, 1]);
    expect(second[0]!.payload[2]! & 0x7f).toBe(0);
    expect(second[0]!.payload[3]).toBe(0);
    expect(second[0]!.header.marker).toBe(true);
    expect(isVp8KeyframeStart(second[0]!.payload)).toBe(false);
  });
});
