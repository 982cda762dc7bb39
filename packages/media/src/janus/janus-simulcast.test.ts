import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script, shared with `npm run janus`
import { janusBinary, startJanusNodes } from '../../../../scripts/janus-nodes.mjs';
import { hostAddress, parseWebm, startTestViewer, type TestViewer } from '../testing/clients.js';
import type { RecordingEvent } from '../types.js';
import { startSimulcastCamera } from './simulcast-camera.js';
import { JanusMedia } from './janus-media.js';
import { publisherLayers } from './simulcast.js';

// Decision 052: a simulcast camera's layers reach every node's mountpoint, one forwarder per
// substream, and a data-saver viewer gets the small one.
const installed = Boolean(janusBinary());
const address = installed ? hostAddress() : '127.0.0.1';

const offer = (rids: string[]) => `v=0\r\nm=audio 9 UDP/TLS/RTP/SAVPF 111\r\nm=video 9 UDP/TLS/RTP/SAVPF 96\r\n${rids.map((r) => `a=rid:${r} send\r\n`).join('')}`;

describe('simulcast layers as Janus numbers them', () => {
  it('reads the order from the rid names', () => {
    expect(publisherLayers(offer([]))).toEqual({ ridOrder: 'lmh', full: 0, low: null });
    expect(publisherLayers(offer(['low', 'full']))).toEqual({ ridOrder: 'lmh', full: 1, low: 0 });
    expect(publisherLayers(offer(['h', 'm', 'l']))).toEqual({ ridOrder: 'hml', full: 2, low: 0 });
    expect(publisherLayers(offer(['f', 'q']))).toEqual({ ridOrder: 'hml', full: 2, low: 1 });
    expect(publisherLayers(offer(['q', 'h', 'f']))).toEqual({ ridOrder: 'lmh', full: 2, low: 0 });
  });
});

describe.skipIf(!installed && !process.env.CI)('Janus data saver (two nodes)', () => {
  let nodes: { urls: string[]; stop(): Promise<void> };
  let media: JanusMedia;

  beforeAll(async () => {
    expect(installed, 'janus is installed (apt-get install janus)').toBe(true);
    nodes = await startJanusNodes({ count: 2, firstPort: 18588, firstRtpPort: 48000 });
    // One viewer per node, so the two viewers watch through mountpoints on both nodes.
    media = new JanusMedia({ urls: nodes.urls, viewersPerNode: 1 });
  }, 30_000);
  afterAll(async () => {
    await media?.close();
    await nodes?.stop();
  });

  it('sends a data-saver viewer the low layer: far fewer bits than a full viewer gets', async () => {
    const publisher = await startSimulcastCamera(media, 'sim-a', address);
    const viewers: TestViewer[] = [];
    try {
      viewers.push(await startTestViewer(media, 'sim-a', { address }), await startTestViewer(media, 'sim-a', { address }));
      const [full, saver] = viewers as [TestViewer, TestViewer];
      expect(media.nodeOf(full.session.sessionId)).not.toBe(media.nodeOf(saver.session.sessionId));
      await media.setViewerDelivery(saver.session.sessionId, { dataSaver: true });
      await Promise.all(viewers.map((v) => v.waitForVideo(10_000)));
      // The switch waits for the low layer's keyframe; then both are measured over the same 4 s.
      await new Promise((r) => setTimeout(r, 2000));
      const before = viewers.map((v) => v.record.video.bytes);
      await new Promise((r) => setTimeout(r, 4000));
      const [fullKbps, saverKbps] = viewers.map((v, i) => ((v.record.video.bytes - before[i]!) * 8) / 4 / 1000) as [number, number];
      console.info(`janus simulcast: full viewer ${fullKbps.toFixed(0)} kbps, data saver ${saverKbps.toFixed(0)} kbps of video payload`);
      expect(saverKbps).toBeGreaterThan(20);
      expect(saverKbps).toBeLessThan(fullKbps / 2);
      expect(saverKbps).toBeLessThan(300);

      // Back to full: the viewer moves up at the full layer's next keyframe.
      await media.setViewerDelivery(saver.session.sessionId, { dataSaver: false });
      await new Promise((r) => setTimeout(r, 2500));
      const again = saver.record.video.bytes;
      await new Promise((r) => setTimeout(r, 3000));
      expect(((saver.record.video.bytes - again) * 8) / 3 / 1000).toBeGreaterThan(fullKbps * 0.7);
    } finally {
      await Promise.all([...viewers, publisher].map((p) => p.close().catch(() => {})));
    }
  });

  it("plays the demo's small clip to a data-saver viewer, its full clip to the others", async () => {
    await media.startDemoSource('sim-demo');
    const viewers = [await startTestViewer(media, 'sim-demo', { address }), await startTestViewer(media, 'sim-demo', { address })];
    try {
      const saver = viewers[1]!;
      await media.setViewerDelivery(saver.session.sessionId, { dataSaver: true });
      await Promise.all(viewers.map((v) => v.waitForVideo(10_000)));
      await new Promise((r) => setTimeout(r, 2000));
      const before = viewers.map((v) => v.record.video.bytes);
      await new Promise((r) => setTimeout(r, 4000));
      const [fullKbps, saverKbps] = viewers.map((v, i) => ((v.record.video.bytes - before[i]!) * 8) / 4 / 1000) as [number, number];
      console.info(`janus demo: full viewer ${fullKbps.toFixed(0)} kbps, data saver ${saverKbps.toFixed(0)} kbps`);
      expect(saverKbps).toBeGreaterThan(20);
      expect(saverKbps).toBeLessThan(fullKbps * 0.7);
    } finally {
      await Promise.all(viewers.map((v) => v.close().catch(() => {})));
      await media.endStream('sim-demo');
    }
  });

  it("records a simulcast camera's full layer", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'lm-janus-simrec-'));
    const recorder = new JanusMedia({ urls: nodes.urls, recordingsDir: dir });
    const events: RecordingEvent[] = [];
    recorder.onRecording((event) => events.push(event));
    try {
      const camera = await startSimulcastCamera(recorder, 'sim-rec', address, { record: true });
      await new Promise((r) => setTimeout(r, 4000));
      await camera.close();
      await recorder.endStream('sim-rec');
      const finished = events.find((e) => e.type === 'finished');
      if (finished?.type !== 'finished') throw new Error(`no finished recording: ${JSON.stringify(events)}`);
      const webm = parseWebm(readFileSync(path.join(dir, finished.fileName)));
      const video = webm.blocks.filter((b) => b.track === webm.tracks[0]!.number);
      const last = video.at(-1)!.timeMs;
      // The last 2 s: the full layer's ~870 kbps, not the small one's ~150.
      const recent = video.filter((b) => b.timeMs > last - 2000).reduce((n, b) => n + b.size, 0);
      expect((recent * 8) / 2 / 1000).toBeGreaterThan(500);
    } finally {
      await recorder.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
