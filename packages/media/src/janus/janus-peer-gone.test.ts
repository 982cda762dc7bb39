import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script, shared with `npm run janus`
import { janusBinary, startJanusNodes } from '../../../../scripts/janus-nodes.mjs';
import { hostAddress, startTestPublisher, startTestViewer } from '../testing/clients.js';
import { JanusMedia } from './janus-media.js';

// A seller's tab closed without a DELETE, on Janus: viewers hear "reconnecting" within seconds (Janus's
// no-media timer), and the session is forgotten when Janus's keep-alive checks give up on the peer
// (about a minute). A Janus node that dies: its sessions end, and new ones go to the nodes still up.
// Its own file (and nodes), so the minute's wait runs beside the other suites.
const installed = Boolean(janusBinary());

describe.skipIf(!installed && !process.env.CI)('Janus: peers and nodes that go away', () => {
  let nodes: { urls: string[]; pids: number[]; stop(): Promise<void> };
  let media: JanusMedia;

  beforeAll(async () => {
    expect(installed, 'janus is installed (apt-get install janus)').toBe(true);
    nodes = await startJanusNodes({ count: 2, firstPort: 18298, firstRtpPort: 34000 });
    // One viewer of a show per node: the second viewer of a show goes to the other node.
    media = new JanusMedia({ urls: nodes.urls, viewersPerNode: 1 });
  });
  afterAll(async () => {
    await media?.close();
    await nodes?.stop();
  });

  it('is reported quiet at once and forgotten when Janus hangs up on it', async () => {
    const ended: string[] = [];
    const statuses: string[] = [];
    media.onSessionEnded((id) => ended.push(id));
    media.onPublisherStatus((streamId, status) => statuses.push(`${streamId}:${status}`));
    const publisher = await startTestPublisher(media, 'show-gone', { address: hostAddress() });
    await expect.poll(() => media.isPublishing('show-gone'), { timeout: 5000 }).toBe(true);
    await publisher.close();
    await expect.poll(() => statuses.includes('show-gone:reconnecting'), { timeout: 10_000 }).toBe(true);
    expect(media.isPublishing('show-gone')).toBe(false);
    await expect.poll(() => ended.includes(publisher.session.sessionId), { timeout: 100_000, interval: 1000 }).toBe(true);
    expect(media.hasPublisher('show-gone')).toBe(false);
    expect(media.stats().publishers).toBe(0);
  }, 120_000);

  it('a node that dies ends its sessions, and the next viewer plays from the node still up', async () => {
    const address = hostAddress();
    const ended: string[] = [];
    media.onSessionEnded((id) => ended.push(id));
    const publisher = await startTestPublisher(media, 'show-node', { address });
    const first = await startTestViewer(media, 'show-node', { address });
    const second = await startTestViewer(media, 'show-node', { address });
    try {
      await Promise.all([first.waitForVideo(10_000), second.waitForVideo(10_000)]);
      const roomNode = media.nodeOf(publisher.session.sessionId)!;
      // The node without the camera's room dies: its viewer is over, the show goes on.
      const [onOther] = [first, second].filter((v) => media.nodeOf(v.session.sessionId) !== roomNode);
      expect(onOther).toBeDefined();
      process.kill(nodes.pids[1 - roomNode]!, 'SIGKILL');
      await expect.poll(() => ended.includes(onOther!.session.sessionId), { timeout: 10_000 }).toBe(true);
      expect(media.nodeOf(publisher.session.sessionId)).toBe(roomNode);
      const again = await startTestViewer(media, 'show-node', { address });
      try {
        expect(media.nodeOf(again.session.sessionId)).toBe(roomNode);
        await again.waitForVideo(10_000);
        expect(again.record.firstVideoIsKeyframeStart).toBe(true);
      } finally {
        await again.close();
      }
    } finally {
      await Promise.all([first.close(), second.close(), publisher.close()]);
    }
  });
});
