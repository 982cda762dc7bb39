import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script, shared with `npm run janus`
import { janusBinary, startJanusNodes } from '../../../../scripts/janus-nodes.mjs';
import { hostAddress, startTestPublisher } from '../testing/clients.js';
import { JanusMedia } from './janus-media.js';

// A seller's tab closed without a DELETE, on Janus: viewers hear "reconnecting" within seconds (Janus's
// no-media timer), and the session is forgotten when Janus's keep-alive checks give up on the peer
// (about a minute). Its own file, so the wait runs beside the other suites.
const installed = Boolean(janusBinary());

describe.skipIf(!installed && !process.env.CI)('Janus: a peer that goes away', () => {
  let nodes: { urls: string[]; stop(): Promise<void> };
  let media: JanusMedia;

  beforeAll(async () => {
    expect(installed, 'janus is installed (apt-get install janus)').toBe(true);
    nodes = await startJanusNodes({ count: 1, firstPort: 18298, firstRtpPort: 34000 });
    media = new JanusMedia({ urls: nodes.urls });
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
});
