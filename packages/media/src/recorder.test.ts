// The recorder on its own: RTP made from the demo clip (and Opus-sized audio packets) in, a WebM file
// out, read back with the test reader. The clock is faked so that RTP time and wall time agree.
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RtpHeader, RtpPacket } from 'werift';
import { demoClip, demoLowClip } from './demo-source.js';
import { frameDuration, type IvfFile } from './ivf.js';
import { LAYER_FULL, LAYER_LOW, type Layer, type SourceMedia } from './protocol.js';
import { LAYER_SILENT_MS, StreamRecorder, type RecordingInfo } from './recorder.js';
import { parseWebm } from './testing/webm.js';
import { Vp8Packetizer } from './vp8-packetizer.js';

const MEDIA: SourceMedia = { video: { mimeType: 'video/VP8', clockRate: 90_000 }, audio: { mimeType: 'audio/opus', clockRate: 48_000 } };
const clip = demoClip();
const FRAME_TICKS = frameDuration(clip);
const FRAME_MS = (FRAME_TICKS * 1000) / 90_000; // 50 ms: 20 fps, a keyframe every 40 frames
const dir = mkdtempSync(path.join(os.tmpdir(), 'lm-recorder-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const BASE = Date.UTC(2026, 0, 1);
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(BASE);
});
afterEach(() => vi.useRealTimers());

/** One publisher session's RTP: the clip from frame 0, 20 ms Opus packets, random starting numbers. */
function sender(ssrc: number) {
  const packetizer = new Vp8Packetizer({ ssrc, payloadType: 96 });
  let frame = 0;
  let videoTs = Math.floor(Math.random() * 2 ** 32);
  let audioSeq = Math.floor(Math.random() * 0x10000);
  let audioTs = Math.floor(Math.random() * 2 ** 32);
  return {
    video(): RtpPacket[] {
      const packets = packetizer.packetize(clip.frames[frame % clip.frames.length]!.data, videoTs);
      frame += 1;
      videoTs = (videoTs + FRAME_TICKS) >>> 0;
      return packets;
    },
    audio(): RtpPacket {
      const header = new RtpHeader({ payloadType: 111, sequenceNumber: audioSeq, timestamp: audioTs, ssrc: ssrc + 1 });
      audioSeq = (audioSeq + 1) & 0xffff;
      audioTs = (audioTs + 960) >>> 0;
      return new RtpPacket(header, Buffer.alloc(80, 0xfc));
    },
  };
}

/**
 * Sends `ms` of media in real time (fake clock): a video frame every 50 ms, audio every 20 ms.
 * `video` may reorder or drop a frame's packets.
 */
function send(recorder: StreamRecorder, sessionId: string, s: ReturnType<typeof sender>, startMs: number, ms: number, video = (packets: RtpPacket[], _index: number) => packets) {
  let frames = 0;
  for (let t = 0; t < ms; t += 10) {
    vi.setSystemTime(BASE + startMs + t);
    if (t % FRAME_MS === 0) for (const p of video(s.video(), frames++)) recorder.push(sessionId, 'video', p, 0);
    if (t % 20 === 0) recorder.push(sessionId, 'audio', s.audio(), 0);
  }
}

function recorder(streamId: string, started: RecordingInfo[] = []) {
  return new StreamRecorder(streamId, dir, MEDIA, { started: (info) => started.push(info), idle: () => {}, log: () => {} });
}

/**
 * One simulcast layer as Chromium sends it: its payload descriptor has a 15-bit PictureID,
 * TL0PICIDX and TID (X, I, L and T set; RFC 7741 §4.2), and a keyframe comes only when asked for
 * (here: the clip's first frame) — or when the layer starts.
 */
function chromiumLayer(clip: IvfFile, ssrc: number, firstFrame = 0) {
  const packetizer = new Vp8Packetizer({ ssrc, payloadType: 96 });
  let frame = firstFrame;
  let ts = Math.floor(Math.random() * 2 ** 32);
  let tl0 = 0;
  const layer = {
    wantKeyframe: false,
    next(): RtpPacket[] {
      if (layer.wantKeyframe) frame = 0;
      layer.wantKeyframe = false;
      const { data } = clip.frames[frame % clip.frames.length]!;
      const packets = packetizer.packetize(data, ts).map((p) => {
        // Our packetizer's 4 bytes (X, S, I with a 15-bit PictureID) become Chromium's 6.
        const descriptor = Buffer.from([p.payload[0]!, 0xe0, p.payload[2]!, p.payload[3]!, tl0 & 0xff, 0x20]);
        return new RtpPacket(p.header, Buffer.concat([descriptor, p.payload.subarray(4)]));
      });
      frame += 1;
      tl0 += 1;
      ts = (ts + FRAME_TICKS) >>> 0;
      return packets;
    },
  };
  return layer;
}

describe('the recorder', () => {
  it('writes VP8 and Opus as they came, from the first keyframe, into a WebM a player can seek', async () => {
    const started: RecordingInfo[] = [];
    const rec = recorder('show-1', started);
    let keyframeRequests = 0;
    rec.attach('s1', MEDIA, () => (keyframeRequests += 1));
    await rec.opened();
    send(rec, 's1', sender(1000), 0, 4000);
    const result = (await rec.finish())!;

    expect(keyframeRequests).toBe(1); // asked once, on attach
    expect(started).toEqual([{ streamId: 'show-1', fileName: rec.fileName, startedAt: BASE }]);
    expect(result).toMatchObject({ streamId: 'show-1', fileName: rec.fileName, startedAt: BASE, durationMs: 3980 });
    const bytes = readFileSync(path.join(dir, rec.fileName));
    expect(result.bytes).toBe(bytes.length);
    const webm = parseWebm(bytes);
    expect(webm.docType).toBe('webm');
    expect(webm.tracks).toEqual([
      { number: 1, codecId: 'V_VP8', type: 1, width: 640, height: 360 },
      { number: 2, codecId: 'A_OPUS', type: 2 },
    ]);
    expect(webm.durationMs).toBe(3980);
    expect(webm.segmentSize).toBe(bytes.length - 48);
    expect(webm.clusterSizesKnown).toBe(true);

    const video = webm.blocks.filter((b) => b.track === 1);
    const audio = webm.blocks.filter((b) => b.track === 2);
    expect(video).toHaveLength(80);
    expect(video.map((b) => b.size)).toEqual(clip.frames.slice(0, 80).map((f) => f.data.length));
    expect(video.map((b) => b.timeMs)).toEqual(video.map((_, i) => i * FRAME_MS));
    expect(video.filter((b) => b.keyframe).map((b) => b.timeMs)).toEqual([0, 2000]);
    expect(audio).toHaveLength(200);
    expect(audio.at(-1)!.timeMs).toBe(3980);

    // A cue per keyframe, each at a cluster that opens with that keyframe; the SeekHead finds the cues.
    expect(webm.cues.map((c) => [c.timeMs, c.track])).toEqual([
      [0, 1],
      [2000, 1],
    ]);
    for (const cue of webm.cues) {
      expect(webm.idAt(cue.clusterPosition)).toBe('1f43b675');
      expect(webm.blocks.find((b) => b.clusterPosition === cue.clusterPosition)).toMatchObject({ track: 1, keyframe: true, timeMs: cue.timeMs });
    }
    expect(webm.idAt(webm.seek.get('1c53bb6b')!)).toBe('1c53bb6b');
    expect(webm.idAt(webm.seek.get('1549a966')!)).toBe('1549a966');
    expect(webm.idAt(webm.seek.get('1654ae6b')!)).toBe('1654ae6b');
  });

  it('puts reordered packets back in order, and after a lost packet waits for the next keyframe', async () => {
    const rec = recorder('show-2');
    let keyframeRequests = 0;
    rec.attach('s1', MEDIA, () => (keyframeRequests += 1));
    await rec.opened();
    send(rec, 's1', sender(2000), 0, 4000, (packets, index) => {
      if (index === 5 && packets.length > 1) return [packets[1]!, packets[0]!, ...packets.slice(2)];
      if (index === 10) return packets.slice(1); // the start of frame 10 never arrives
      return packets;
    });
    await rec.finish();
    const video = parseWebm(readFileSync(path.join(dir, rec.fileName))).blocks.filter((b) => b.track === 1);
    // Frames 0–9 (5 reordered and repaired), then nothing until the keyframe at frame 40.
    expect(video.map((b) => b.timeMs / FRAME_MS)).toEqual([...Array.from({ length: 10 }, (_, i) => i), ...Array.from({ length: 40 }, (_, i) => 40 + i)]);
    expect(keyframeRequests).toBeGreaterThanOrEqual(2);
  });

  it('continues the same file when the publisher reconnects, keeping the gap as time', async () => {
    const started: RecordingInfo[] = [];
    const rec = recorder('show-3', started);
    rec.attach('s1', MEDIA, () => {});
    await rec.opened();
    send(rec, 's1', sender(3000), 0, 2000);
    rec.detach('s1');
    // Back 3 s later, with new SSRCs, sequence numbers and timestamps.
    rec.attach('s2', MEDIA, () => {});
    send(rec, 's2', sender(4000), 5000, 2000);
    send(rec, 's1', sender(3000), 7000, 500); // the old session's stray packets are ignored
    const result = (await rec.finish())!;
    expect(started).toHaveLength(1);
    const webm = parseWebm(readFileSync(path.join(dir, rec.fileName)));
    const video = webm.blocks.filter((b) => b.track === 1);
    expect(video).toHaveLength(80);
    expect(video[40]).toMatchObject({ timeMs: 5000, keyframe: true });
    expect(result.durationMs).toBe(6980);
    expect(webm.cues.map((c) => c.timeMs)).toEqual([0, 5000]);
  });

  it('records a show without video as audio alone, with a cue every 5 s', async () => {
    const audioOnly: SourceMedia = { audio: MEDIA.audio };
    const rec = new StreamRecorder('show-5', dir, audioOnly, { started: () => {}, idle: () => {}, log: () => {} });
    rec.attach('s1', audioOnly, () => {});
    await rec.opened();
    send(rec, 's1', sender(5000), 0, 12_000);
    await rec.finish();
    const webm = parseWebm(readFileSync(path.join(dir, rec.fileName)));
    expect(webm.tracks.map((t) => t.codecId)).toEqual(['A_OPUS']);
    expect(webm.blocks).toHaveLength(600);
    expect(webm.cues.map((c) => [c.timeMs, c.track])).toEqual([
      [0, 1],
      [5000, 1],
      [10_000, 1],
    ]);
  });

  it('records the small simulcast layer when the full one never comes, as from Chromium at its start bitrate', async () => {
    const media: SourceMedia = { ...MEDIA, lowLayer: true };
    const started: RecordingInfo[] = [];
    const rec = new StreamRecorder('show-6', dir, media, { started: (info) => started.push(info), idle: () => {}, log: () => {} });
    const requests: Layer[] = [];
    rec.attach('s1', media, (layer) => requests.push(layer));
    await rec.opened();
    // Keyframes asked for at once, of both layers: the recorder cannot know yet which will flow.
    expect(requests).toEqual([LAYER_FULL, LAYER_LOW]);
    const low = chromiumLayer(demoLowClip(), 7000);
    const audio = sender(7100);
    for (let t = 0; t < 4000; t += 10) {
      vi.setSystemTime(BASE + t);
      if (t % FRAME_MS === 0) for (const p of low.next()) rec.push('s1', 'video', p, LAYER_LOW);
      if (t % 20 === 0) rec.push('s1', 'audio', audio.audio(), LAYER_FULL);
    }
    const result = (await rec.finish())!;

    expect(started).toEqual([{ streamId: 'show-6', fileName: rec.fileName, startedAt: BASE }]);
    expect(result).toMatchObject({ startedAt: BASE, endedAt: BASE + 3980, durationMs: 3980 });
    const webm = parseWebm(readFileSync(path.join(dir, rec.fileName)));
    expect(webm.tracks[0]).toEqual({ number: 1, codecId: 'V_VP8', type: 1, width: 320, height: 180 });
    const video = webm.blocks.filter((b) => b.track === 1);
    expect(video).toHaveLength(80);
    // The frames as the clip has them: Chromium's 6-byte descriptor is taken off every packet.
    expect(video.map((b) => b.size)).toEqual(demoLowClip().frames.slice(0, 80).map((f) => f.data.length));
    expect(video.filter((b) => b.keyframe).map((b) => b.timeMs)).toEqual([0, 2000]);
    expect(webm.cues.map((c) => [c.timeMs, c.track])).toEqual([
      [0, 1],
      [2000, 1],
    ]);
    expect(webm.blocks.filter((b) => b.track === 2)).toHaveLength(200);
  });

  it('moves up to the full layer at its first keyframe, and back down at a keyframe of the small one when the full one stops', async () => {
    const media: SourceMedia = { ...MEDIA, lowLayer: true };
    const rec = new StreamRecorder('show-7', dir, media, { started: () => {}, idle: () => {}, log: () => {} });
    const low = chromiumLayer(demoLowClip(), 8000);
    // The full layer starts late and, in this test, mid-clip: its first frame is no keyframe.
    const full = chromiumLayer(clip, 8001, 10);
    const requests: [number, Layer][] = [];
    rec.attach('s1', media, (layer) => {
      requests.push([Date.now() - BASE, layer]);
      (layer === LAYER_FULL ? full : low).wantKeyframe = true;
    });
    await rec.opened();
    low.wantKeyframe = false;
    full.wantKeyframe = false;
    const layerAt = new Map<number, Layer | undefined>();
    for (let t = 0; t < 6000; t += 10) {
      vi.setSystemTime(BASE + t);
      if (t % FRAME_MS !== 0) continue;
      for (const p of low.next()) rec.push('s1', 'video', p, LAYER_LOW);
      if (t >= 1000 && t < 3300) for (const p of full.next()) rec.push('s1', 'video', p, LAYER_FULL);
      layerAt.set(t, rec.layer);
    }
    await rec.finish();

    const silentUntil = 3250 + LAYER_SILENT_MS; // the full layer's last frame, then silence
    expect(requests).toEqual([
      [0, LAYER_FULL],
      [0, LAYER_LOW],
      [1000, LAYER_FULL], // its first frame is not a keyframe
      [silentUntil + FRAME_MS, LAYER_LOW], // the small layer's next frame after a second of silence
    ]);
    expect([layerAt.get(0), layerAt.get(1000), layerAt.get(1050), layerAt.get(4000), layerAt.get(silentUntil + FRAME_MS), layerAt.get(silentUntil + 2 * FRAME_MS)]).toEqual([
      LAYER_LOW,
      LAYER_LOW,
      LAYER_FULL,
      LAYER_FULL,
      LAYER_FULL,
      LAYER_LOW,
    ]);
    const webm = parseWebm(readFileSync(path.join(dir, rec.fileName)));
    const video = webm.blocks.filter((b) => b.track === 1);
    // Every switch is on a keyframe. The small layer's own keyframes at 2 s and 4 s are not written:
    // the full layer was being written, and at 4 s it had been silent for less than LAYER_SILENT_MS.
    // (3.05 s: the full layer's own next keyframe, 40 frames after the one asked for.)
    expect(video.filter((b) => b.keyframe).map((b) => b.timeMs)).toEqual([0, 1050, 3050, silentUntil + 2 * FRAME_MS]);
    expect(webm.cues.map((c) => c.timeMs)).toEqual([0, 1050, 3050, silentUntil + 2 * FRAME_MS]);
    const times = video.map((b) => b.timeMs);
    // Never backwards (at 1.05 s the small layer's frame, then the full layer's keyframe of the same moment).
    expect(times.every((time, i) => i === 0 || time >= times[i - 1]!)).toBe(true);
    // The small layer to 1.05 s, the full one to 3.25 s, a frozen picture, then the small one again.
    expect(times.filter((time) => time > 3250 && time < silentUntil + 2 * FRAME_MS)).toEqual([]);
    expect(video).toHaveLength(22 + 45 + (6000 - (silentUntil + 2 * FRAME_MS)) / FRAME_MS);
  });

  it('makes a camera whose video never came an audio-only file that Chromium can play and seek', async () => {
    const rec = recorder('show-8');
    rec.attach('s1', MEDIA, () => {});
    await rec.opened();
    const s = sender(9000);
    for (let t = 0; t < 12_000; t += 20) {
      vi.setSystemTime(BASE + t);
      rec.push('s1', 'audio', s.audio(), LAYER_FULL);
    }
    const result = (await rec.finish())!;
    // Audio alone after waiting 3 s for a keyframe that never came.
    expect(result).toMatchObject({ startedAt: BASE + 3000, durationMs: 8980 });
    const webm = parseWebm(readFileSync(path.join(dir, rec.fileName)));
    // The video track with no frame is taken out (a Void in its place): Chromium refuses a file with one.
    expect(webm.tracks).toEqual([{ number: 2, codecId: 'A_OPUS', type: 2 }]);
    expect(webm.cues.map((c) => [c.timeMs, c.track])).toEqual([
      [0, 2],
      [5000, 2],
    ]);
    // Every Opus frame is a keyframe: FFmpeg indexes them as it reads (it ignores Cues of one point).
    const audio = webm.blocks.filter((b) => b.track === 2);
    expect(audio).toHaveLength(450);
    expect(audio.every((b) => b.keyframe)).toBe(true);
  });

  it('leaves no file when nothing was recorded', async () => {
    const rec = recorder('show-4');
    rec.attach('s1', MEDIA, () => {});
    await rec.opened();
    expect(await rec.finish()).toBeNull();
    expect(readdirSync(dir)).not.toContain(rec.fileName);
  });
});
