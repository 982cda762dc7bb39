import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script, shared with `npm run janus`
import { janusBinary, startJanusNodes } from '../../../../scripts/janus-nodes.mjs';
import { hostAddress, startTestViewer, type TestViewer } from '../testing/clients.js';
import type { MediaSession } from '../types.js';
import { startH264Camera } from './h264-camera.js';
import { JanusMedia } from './janus-media.js';
import { CENSUS_MAX_AGE_MS } from './janus-node.js';

// Decision 052: two app instances on the same two Janus nodes read the nodes' load from their Admin
// APIs, so each places new viewers on the node least loaded by both; nodeStats reads the same API.
const installed = Boolean(janusBinary());
const address = installed ? hostAddress() : '127.0.0.1';

describe.skipIf(!installed && !process.env.CI)('Janus load read from the nodes (two nodes, two app instances)', () => {
  let nodes: { urls: string[]; adminUrls: string[]; adminSecret: string; stop(): Promise<void> };
  let a: JanusMedia;
  let b: JanusMedia;

  beforeAll(async () => {
    expect(installed, 'janus is installed (apt-get install janus)').toBe(true);
    nodes = await startJanusNodes({ count: 2, firstPort: 18888, firstRtpPort: 44000 });
    const admin = { urls: nodes.adminUrls, secret: nodes.adminSecret };
    a = new JanusMedia({ urls: nodes.urls, admin });
    b = new JanusMedia({ urls: nodes.urls, admin });
  }, 30_000);
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await nodes?.stop();
  });

  const settle = () => new Promise((r) => setTimeout(r, CENSUS_MAX_AGE_MS + 100));

  it("places each new show's viewer on the node with the fewest sessions of both instances", async () => {
    const x: MediaSession[] = [];
    for (let i = 0; i < 3; i++) x.push(await a.offerPlay('load-x'));
    const xNode = a.nodeOf(x[0]!.sessionId)!;
    // One show stays on its node while that node has room for it.
    expect(x.map((s) => a.nodeOf(s.sessionId))).toEqual([xNode, xNode, xNode]);

    // b placed nothing yet; counting only its own sessions it would take the first node, but x's three are there.
    await settle();
    const y: MediaSession[] = [];
    for (let i = 0; i < 5; i++) y.push(await b.offerPlay('load-y'));
    const yNode = b.nodeOf(y[0]!.sessionId)!;
    expect(yNode).toBe(1 - xNode);
    expect(y.map((s) => b.nodeOf(s.sessionId))).toEqual(Array(5).fill(yNode));

    // Now the other node carries five: a's next show goes back to x's node, with three.
    await settle();
    const z = await a.offerPlay('load-z');
    expect(a.nodeOf(z.sessionId)).toBe(xNode);

    // Both instances read the same figures from the nodes.
    for (const media of [a, b]) {
      const stats = await media.nodeStats();
      expect(stats.map((s) => s.node)).toEqual(nodes.urls.map((u) => new URL(u).host));
      expect(stats[xNode]).toMatchObject({ up: true, viewers: 4, publishers: 0 });
      expect(stats[yNode]).toMatchObject({ up: true, viewers: 5, publishers: 0 });
    }
    await Promise.all([...x, z].map((s) => a.stopSession(s.sessionId)));
    await Promise.all(y.map((s) => b.stopSession(s.sessionId)));
    const after = await b.nodeStats();
    expect(after.map((s) => s.viewers)).toEqual([0, 0]);
  });

  it("reports the packet loss a node sees: a camera losing every 10th packet, and its viewer's clean link", async () => {
    const camera = await startH264Camera(a, 'load-loss', address, { dropEvery: 10 });
    let viewer: TestViewer | undefined;
    try {
      // A show's media all goes through one instance (decision 030); b only reads the nodes.
      viewer = await startTestViewer(a, 'load-loss', { address });
      await viewer.waitForVideo(10_000);
      await b.nodeStats();
      await new Promise((r) => setTimeout(r, 3000));
      const stats = await b.nodeStats();
      const room = stats.find((s) => s.publishers === 1)!;
      expect(room).toBeDefined();
      // Packets lost over packets expected, since the previous call: about 1 in 10 on the camera's node.
      expect(room.packetLossRatio).toBeGreaterThan(0.04);
      expect(room.packetLossRatio).toBeLessThan(0.2);
      expect(stats.reduce((n, s) => n + s.viewers, 0)).toBe(1);
    } finally {
      await viewer?.close();
      await camera.close();
      await a.endStream('load-loss');
    }
  });
});
