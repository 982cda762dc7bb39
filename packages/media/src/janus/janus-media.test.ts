import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script, shared with `npm run janus`
import { janusBinary, startJanusNodes } from '../../../../scripts/janus-nodes.mjs';
import { hostAddress, parseWebm, startTestPublisher, startTestViewer, type TestViewer } from '../testing/clients.js';
import type { RecordingEvent } from '../types.js';
import { startH264Camera } from './h264-camera.js';
import { JanusMedia, videoCodecOf } from './janus-media.js';

// MEDIA_MODE=janus against two real Janus nodes (Debian's package): the publisher's room on one, viewers
// spread over both through RTP forwarders into each node's mountpoint. CI installs janus; a developer
// without it is told so.
const installed = Boolean(janusBinary());

const address = installed ? hostAddress() : '127.0.0.1';

describe.skipIf(!installed && !process.env.CI)('Janus media (two nodes)', () => {
  let nodes: { urls: string[]; stop(): Promise<void> };
  let media: JanusMedia;
  const ended: string[] = [];
  const statuses: string[] = [];

  beforeAll(async () => {
    expect(installed, 'janus is installed (apt-get install janus)').toBe(true);
    nodes = await startJanusNodes({ count: 2, firstPort: 18288, firstRtpPort: 30000 });
    // One viewer per node per show, so the second viewer must go to the other node.
    media = new JanusMedia({ urls: nodes.urls, viewersPerNode: 1 });
    media.onSessionEnded((id) => ended.push(id));
    media.onPublisherStatus((streamId, status) => statuses.push(`${streamId}:${status}`));
  });
  afterAll(async () => {
    await media?.close();
    await nodes?.stop();
  });

  async function closeAll(...peers: Array<{ close(): Promise<void> }>) {
    await Promise.all(peers.map((p) => p.close().catch(() => {})));
  }

  it("plays one publisher's audio and video to viewers on both nodes, each starting on a keyframe", async () => {
    const publisher = await startTestPublisher(media, 'show-a', { audio: true, address });
    const viewers: TestViewer[] = [];
    try {
      viewers.push(await startTestViewer(media, 'show-a', { address }), await startTestViewer(media, 'show-a', { address }));
      const placed = viewers.map((v) => media.nodeOf(v.session.sessionId));
      expect(new Set(placed)).toEqual(new Set([0, 1]));
      await Promise.all(viewers.map((v) => v.waitForVideo(10_000)));
      await new Promise((r) => setTimeout(r, 1500));
      for (const v of viewers) {
        expect(v.record.firstVideoIsKeyframeStart).toBe(true);
        expect(v.record.video.packets).toBeGreaterThan(20);
        expect(v.record.audio.packets).toBeGreaterThan(20);
      }
      expect(media.isPublishing('show-a')).toBe(true);
      expect(media.stats()).toMatchObject({ publishers: 1, viewers: 2 });
    } finally {
      await closeAll(...viewers, publisher);
    }
  });

  it('a new camera replaces the old one and viewers carry on with its video', async () => {
    const first = await startTestPublisher(media, 'show-b', { address });
    const viewer = await startTestViewer(media, 'show-b', { address });
    try {
      await viewer.waitForVideo(10_000);
      const second = await startTestPublisher(media, 'show-b', { address });
      try {
        expect(ended).toContain(first.session.sessionId);
        const before = viewer.record.video.packets;
        await new Promise((r) => setTimeout(r, 2000));
        expect(viewer.record.video.packets).toBeGreaterThan(before + 20);
        expect(second.counts.packets).toBeGreaterThan(20);
      } finally {
        await second.close();
      }
    } finally {
      await closeAll(viewer, first);
    }
  });

  it('an H.264 camera (OBS) plays to a viewer who was waiting: the mountpoint follows the camera', async () => {
    const viewers: TestViewer[] = [await startTestViewer(media, 'show-h264', { address })];
    const camera = await startH264Camera(media, 'show-h264', address);
    try {
      expect(videoCodecOf(camera.session.answerSdp)).toBe('h264');
      // The first viewer's VP8 mountpoint was made again in H.264: it is hung up, and plays on joining again.
      await expect.poll(() => ended.includes(viewers[0]!.session.sessionId), { timeout: 10_000 }).toBe(true);
      viewers.push(await startTestViewer(media, 'show-h264', { address }));
      await viewers[1]!.waitForVideo(10_000);
      expect(viewers[1]!.codecs.get([...viewers[1]!.record.video.payloadTypes][0]!)?.toLowerCase()).toBe('video/h264');
      // Janus sends a joiner the mountpoint's buffered keyframe when its connection is up, and live
      // packets may slip in just before it (a CI run saw that): the keyframe must follow at once.
      await expect.poll(() => viewers[1]!.record.firstKeyframeMs, { timeout: 2000 }).toBeDefined();
      expect(viewers[1]!.record.firstKeyframeMs! - viewers[1]!.record.firstVideoMs!).toBeLessThan(500);
    } finally {
      await closeAll(camera, ...viewers);
    }
  });

  it('plays the demo clip to a viewer, and ending the show ends its sessions', async () => {
    await media.startDemoSource('show-c');
    const viewer = await startTestViewer(media, 'show-c', { address });
    try {
      await viewer.waitForVideo(10_000);
      expect(viewer.record.firstVideoIsKeyframeStart).toBe(true);
      expect(media.hasPublisher('show-c')).toBe(true);
      await media.endStream('show-c');
      expect(ended).toContain(viewer.session.sessionId);
      expect(media.hasPublisher('show-c')).toBe(false);
      await expect(media.answerPlay(viewer.session.sessionId, 'v=0')).rejects.toMatchObject({ status: 404 });
    } finally {
      await viewer.close();
    }
  });

  it("records a show: the camera's VP8 and Opus, forwarded to the app, in a WebM file that reads back", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'lm-janus-rec-'));
    const recorder = new JanusMedia({ urls: nodes.urls, recordingsDir: dir });
    const events: RecordingEvent[] = [];
    recorder.onRecording((event) => events.push(event));
    try {
      const publisher = await startTestPublisher({ publish: (id, sdp) => recorder.publish(id, sdp, { record: true }) }, 'show-rec', { audio: true, address });
      await new Promise((r) => setTimeout(r, 3000));
      await publisher.close();
      await recorder.endStream('show-rec');
      const finished = events.find((e) => e.type === 'finished');
      expect(events.map((e) => e.type)).toEqual(['started', 'finished']);
      if (finished?.type !== 'finished') throw new Error('no finished recording');
      expect(finished.durationSeconds).toBeGreaterThan(1.5);
      const webm = parseWebm(readFileSync(path.join(dir, finished.fileName)));
      expect(webm.tracks.map((t) => t.codecId)).toEqual(['V_VP8', 'A_OPUS']);
      expect(webm.tracks[0]).toMatchObject({ width: 640, height: 360 });
      expect(webm.blocks.filter((b) => b.keyframe && b.track === webm.tracks[0]!.number).length).toBeGreaterThan(0);
    } finally {
      await recorder.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("records an H.264 camera's video (OBS, Larix): H.264 in the WebM as sent, with its decoder configuration", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'lm-janus-rec264-'));
    const recorder = new JanusMedia({ urls: nodes.urls, recordingsDir: dir });
    const events: RecordingEvent[] = [];
    recorder.onRecording((event) => events.push(event));
    try {
      const camera = await startH264Camera(recorder, 'show-rec264', address, { record: true });
      await new Promise((r) => setTimeout(r, 3000));
      await camera.close();
      await recorder.endStream('show-rec264');
      const finished = events.find((e) => e.type === 'finished');
      if (finished?.type !== 'finished') throw new Error(`no finished recording: ${JSON.stringify(events)}`);
      const file = readFileSync(path.join(dir, finished.fileName));
      const webm = parseWebm(file);
      expect(webm.tracks[0]!.codecId).toBe('V_MPEG4/ISO/AVC');
      // The SPS's own size, and its avcC (version 1, profile, compatibility, level, 4-byte lengths, the SPS).
      expect(webm.tracks[0]).toMatchObject({ width: 640, height: 360 });
      expect(file.includes(Buffer.from([1, 0x42, 0xe0, 0x1f, 0xff, 0xe1, 0, 9, 0x67, 0x42, 0xe0, 0x1f]))).toBe(true);
      const video = webm.blocks.filter((b) => b.track === webm.tracks[0]!.number);
      expect(video.length).toBeGreaterThan(50);
      // Keyframes are the camera's IDR frames (one a second) and open the file.
      const keyframes = video.filter((b) => b.keyframe);
      expect(keyframes.length).toBeGreaterThanOrEqual(2);
      expect(keyframes.length).toBeLessThan(video.length / 5);
      expect(video[0]!.keyframe).toBe(true);
      // A keyframe: SPS, PPS and the 902-byte IDR slice, each after a 4-byte length.
      expect(keyframes[0]!.size).toBeGreaterThanOrEqual(4 + 9 + 4 + 4 + 4 + 902);
    } finally {
      await recorder.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses what Janus cannot take: a client offer to play, and a publisher offer that is not SDP', async () => {
    await expect(media.play()).rejects.toMatchObject({ status: 409 });
    await expect(media.publish('show-d', 'v=0\r\nnot an offer')).rejects.toMatchObject({ status: 400 });
  });
});
