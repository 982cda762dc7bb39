import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script, shared with `npm run janus`
import { janusBinary, startJanusNodes } from '../../../../scripts/janus-nodes.mjs';
import { hostAddress, parseWebm, startTestViewer, type TestViewer } from '../testing/clients.js';
import type { RecordingEvent } from '../types.js';
import { JanusMedia, videoCodecOf } from './janus-media.js';

// Decision 052: a real H.264 camera — Chromium's own encoder, its fake camera, H.264 preferred in its
// offer — published to Janus and recorded; the replay file is then played back in Chromium. And the
// web app's simulcast (its two layers) from Chromium, with a data-saver viewer on the low one.
const installed = Boolean(janusBinary());
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

// Chromium is what the e2e tests use (scripts/ensure-chromium.mjs); without it this is skipped.
describe.skipIf((!installed && !process.env.CI) || !existsSync(CHROMIUM))('an H.264 camera on Janus, recorded and played back in Chromium', () => {
  let nodes: { urls: string[]; stop(): Promise<void> };
  let media: JanusMedia;
  let browser: Browser;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'lm-janus-h264-'));
  const events: RecordingEvent[] = [];
  // A page on an http origin (getUserMedia needs one), and the finished recording at any other path.
  const server = createServer((req, res) => {
    if (req.url === '/') return void res.end('<!doctype html><video muted playsinline></video>');
    const finished = events.find((e) => e.type === 'finished');
    res.setHeader('content-type', 'video/webm');
    res.end(finished?.type === 'finished' ? readFileSync(path.join(dir, finished.fileName)) : '');
  });
  let origin: string;

  beforeAll(async () => {
    nodes = await startJanusNodes({ count: 1, firstPort: 18688, firstRtpPort: 52000 });
    media = new JanusMedia({ urls: nodes.urls, recordingsDir: dir });
    media.onRecording((event) => events.push(event));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', '--autoplay-policy=no-user-gesture-required'] });
  }, 30_000);
  afterAll(async () => {
    server.close();
    await browser?.close();
    await media?.close();
    await nodes?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('keeps its video: an H.264 track Chromium decodes', async () => {
    const page = await browser.newPage();
    try {
      await page.goto(origin);
      // Browser code as text: this package compiles without the DOM's types.
      const offer = await page.evaluate<string>(`(async () => {
        const stream = await navigator.mediaDevices.getUserMedia({ video: { width: 640, height: 360 }, audio: true });
        const pc = (window.pc = new RTCPeerConnection());
        for (const track of stream.getTracks()) {
          const transceiver = pc.addTransceiver(track, { direction: 'sendonly' });
          if (track.kind === 'video') transceiver.setCodecPreferences(RTCRtpSender.getCapabilities('video').codecs.filter((c) => /h264/i.test(c.mimeType)));
        }
        await pc.setLocalDescription();
        await new Promise((resolve) => (pc.iceGatheringState === 'complete' ? resolve() : pc.addEventListener('icegatheringstatechange', () => pc.iceGatheringState === 'complete' && resolve())));
        return pc.localDescription.sdp;
      })()`);
      const session = await media.publish('h264-show', offer, { record: true });
      expect(videoCodecOf(session.answerSdp)).toBe('h264');
      await page.evaluate(`window.pc.setRemoteDescription({ type: 'answer', sdp: ${JSON.stringify(session.answerSdp)} })`);
      await new Promise((r) => setTimeout(r, 6000));
      await page.evaluate('window.pc.close()');
      await media.endStream('h264-show');
      const finished = events.find((e) => e.type === 'finished');
      if (finished?.type !== 'finished') throw new Error(`no finished recording: ${JSON.stringify(events)}`);
      const webm = parseWebm(readFileSync(path.join(dir, finished.fileName)));
      expect(webm.tracks.map((t) => t.codecId)).toEqual(['V_MPEG4/ISO/AVC', 'A_OPUS']);
      expect(webm.blocks.filter((b) => b.track === 1).length).toBeGreaterThan(60);

      const played = await page.evaluate<{ width: number; height: number; duration: number; time: number; frames: number }>(`(async () => {
        const video = document.querySelector('video');
        video.src = '${origin}/replay.webm';
        await new Promise((resolve, reject) => {
          video.onloadeddata = resolve;
          video.onerror = () => reject(new Error(video.error?.message ?? 'error'));
        });
        await video.play();
        await new Promise((r) => setTimeout(r, 1500));
        return { width: video.videoWidth, height: video.videoHeight, duration: video.duration, time: video.currentTime, frames: video.getVideoPlaybackQuality().totalVideoFrames };
      })()`);
      console.info('h264 replay in Chromium', played, `${finished.durationSeconds}s, ${finished.bytes} bytes`);
      expect(played.width).toBe(640);
      expect(played.height).toBe(360);
      expect(played.time).toBeGreaterThan(1);
      expect(played.frames).toBeGreaterThan(5);
    } finally {
      await page.close();
    }
  });

  it("sends a data-saver viewer the low layer of Chromium's simulcast, as the web app publishes it", { timeout: 60_000 }, async () => {
    const page = await browser.newPage();
    const viewers: TestViewer[] = [];
    try {
      await page.goto(origin);
      // The web app's layers (whip-publisher.ts): low at ~240p, 15 fps, ≤ 180 kbps; full ≤ 1.5 Mbps.
      const offer = await page.evaluate<string>(`(async () => {
        const stream = await navigator.mediaDevices.getUserMedia({ video: { width: 1280, height: 720 }, audio: true });
        const pc = (window.pc = new RTCPeerConnection());
        for (const track of stream.getTracks()) {
          const sendEncodings = track.kind === 'video' ? [{ rid: 'low', scaleResolutionDownBy: 3, maxBitrate: 180000, maxFramerate: 15 }, { rid: 'full', maxBitrate: 1500000 }] : undefined;
          pc.addTransceiver(track, { direction: 'sendonly', sendEncodings });
        }
        await pc.setLocalDescription();
        await new Promise((resolve) => (pc.iceGatheringState === 'complete' ? resolve() : pc.addEventListener('icegatheringstatechange', () => pc.iceGatheringState === 'complete' && resolve())));
        return pc.localDescription.sdp;
      })()`);
      const session = await media.publish('sim-show', offer);
      await page.evaluate(`window.pc.setRemoteDescription({ type: 'answer', sdp: ${JSON.stringify(session.answerSdp)} })`);
      const address = hostAddress();
      viewers.push(await startTestViewer(media, 'sim-show', { address }), await startTestViewer(media, 'sim-show', { address }));
      const [full, saver] = viewers as [TestViewer, TestViewer];
      await media.setViewerDelivery(saver.session.sessionId, { dataSaver: true });
      // Chromium sends the full layer once its estimate, grown on Janus's transport-cc feedback,
      // allows it (seen after 5 to 15 s here): measured from then on.
      const startedAt = Date.now();
      let last = full.record.video.bytes;
      for (let kbps = 0; kbps < 400 && Date.now() - startedAt < 30_000; ) {
        await new Promise((r) => setTimeout(r, 1000));
        kbps = ((full.record.video.bytes - last) * 8) / 1000;
        last = full.record.video.bytes;
      }
      console.info(`janus simulcast from Chromium: the full layer after ${((Date.now() - startedAt) / 1000).toFixed(0)} s`);
      await new Promise((r) => setTimeout(r, 1000));
      const before = viewers.map((v) => v.record.video.bytes);
      await new Promise((r) => setTimeout(r, 5000));
      const [fullKbps, saverKbps] = viewers.map((v, i) => ((v.record.video.bytes - before[i]!) * 8) / 5 / 1000) as [number, number];
      console.info(`janus simulcast from Chromium: full viewer ${fullKbps.toFixed(0)} kbps, data saver ${saverKbps.toFixed(0)} kbps of video payload`);
      expect(saverKbps).toBeGreaterThan(20);
      expect(saverKbps).toBeLessThan(250);
      expect(fullKbps).toBeGreaterThan(saverKbps * 2);
    } finally {
      await Promise.all(viewers.map((v) => v.close().catch(() => {})));
      await page.close();
      await media.endStream('sim-show');
    }
  });
});
