// Issue 15: a viewer who joins after the picture started gets it from the SFU's cache at once, with no
// keyframe asked of the publisher (which is what made a crowd joining together wait ~0.5–1 s).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createMediaServer, type MediaServer } from './index.js';
import { startTestPublisher, startTestViewer } from './testing/clients.js';

let server: MediaServer;
beforeAll(async () => {
  // One worker: both viewers are fed by the same fan-out (each worker keeps its own cache).
  server = await createMediaServer({ workers: 1, announcedAddress: '127.0.0.1' });
});
afterAll(async () => {
  await server?.close();
});

it('starts a later viewer on the cached keyframe without asking the publisher for another', async () => {
  const pub = await startTestPublisher(server, 'gop');
  const first = await startTestViewer(server, 'gop');
  const later: Awaited<ReturnType<typeof startTestViewer>>[] = [];
  try {
    await first.waitForVideo();
    const plis = pub.counts.plis;
    expect(plis).toBeGreaterThanOrEqual(1);
    await new Promise((r) => setTimeout(r, 300));
    for (let i = 0; i < 5; i++) later.push(await startTestViewer(server, 'gop'));
    await Promise.all(later.map((v) => v.waitForVideo()));
    for (const v of later) expect(v.record.firstVideoIsKeyframeStart).toBe(true);
    expect(pub.counts.plis).toBe(plis);
  } finally {
    for (const v of later) await v.close();
    await first.close();
    await pub.close();
  }
}, 30_000);
