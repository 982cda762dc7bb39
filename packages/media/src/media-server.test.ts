// The SFU for real: two worker threads, werift publishers and viewers over loopback.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMediaServer, MediaError, type MediaServer } from './index.js';
import { startTestPublisher, startTestViewer, type KindRecord, type TestPublisher, type TestViewer } from './testing/clients.js';

let server: MediaServer;
const open: { close(): Promise<void> }[] = [];

async function publisher(streamId: string): Promise<TestPublisher> {
  const client = await startTestPublisher(server, streamId);
  open.push(client);
  return client;
}

async function viewer(streamId: string, options: { keepSequence?: boolean } = {}): Promise<TestViewer> {
  const client = await startTestViewer(server, streamId, options);
  open.push(client);
  return client;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await sleep(20);
  }
}

/**
 * Sequence numbers advance one by one: no jumps (a wrong offset after a publisher change would
 * jump by thousands) and no holes, allowing the odd late retransmission on a busy CI machine.
 */
function expectContinuous(record: KindRecord): void {
  expect(record.sequence.length).toBeGreaterThan(10);
  let extended = record.sequence[0]!;
  const seen = new Set([extended]);
  for (let i = 1; i < record.sequence.length; i += 1) {
    const step = ((record.sequence[i]! - record.sequence[i - 1]! + 0x8000) & 0xffff) - 0x8000;
    expect(step).toBeGreaterThan(-100);
    expect(step).toBeLessThan(10);
    extended += step;
    seen.add(extended);
  }
  const range = Math.max(...seen) - Math.min(...seen) + 1;
  expect(seen.size / range).toBeGreaterThanOrEqual(0.99);
}

// A publisher that vanishes without a DELETE is only noticed when ICE consent fails (~30 s), so
// that wait starts first and runs while the other tests do.
let abandoned: Promise<void>;
const gone: string[] = [];

beforeAll(async () => {
  server = await createMediaServer({ workers: 2, announcedAddress: '127.0.0.1' });
  server.onPublisherGone((streamId) => gone.push(streamId));
  const pub = await publisher('abandoned');
  await pub.close();
  abandoned = until(() => gone.includes('abandoned'), 45_000);
  abandoned.catch(() => {}); // awaited by its test
});

afterAll(async () => {
  await Promise.all(open.map((client) => client.close().catch(() => {})));
  await server?.close();
});

describe('media server', () => {
  it('forwards a VP8 publisher to a viewer, starting on a keyframe, in the viewer\'s payload type', async () => {
    const pub = await publisher('forward');
    const view = await viewer('forward', { keepSequence: true });
    await view.waitForVideo();
    expect(view.record.firstVideoIsKeyframeStart).toBe(true);
    await sleep(1500);
    expectContinuous(view.record.video);
    const vp8 = [...view.codecs].filter(([, mime]) => mime.toLowerCase() === 'video/vp8').map(([pt]) => pt);
    expect([...view.record.video.payloadTypes]).toEqual(vp8);
    expect(pub.counts.plis).toBeGreaterThanOrEqual(1); // the join asked for a keyframe
    expect(server.hasPublisher('forward')).toBe(true);
  });

  it('gives a viewer that came before the publisher video once the publisher arrives', async () => {
    const view = await viewer('early');
    await sleep(300);
    expect(view.record.video.packets).toBe(0);
    expect(server.hasPublisher('early')).toBe(false);
    await publisher('early');
    await view.waitForVideo();
    expect(view.record.firstVideoIsKeyframeStart).toBe(true);
  });

  it('spreads one stream\'s viewers over both workers, and all of them receive it', async () => {
    await publisher('popular');
    const viewers = await Promise.all([1, 2, 3, 4].map(() => viewer('popular')));
    await Promise.all(viewers.map((v) => v.waitForVideo()));
    const counts = viewers.map((v) => v.record.video.packets);
    await sleep(1000);
    viewers.forEach((v, i) => expect(v.record.video.packets).toBeGreaterThan(counts[i]!));
    expect(viewers.every((v) => v.record.firstVideoIsKeyframeStart)).toBe(true);
    expect(server.stats().perWorker.every((w) => w.viewers >= 2)).toBe(true);
  });

  it('keeps a viewer\'s sequence numbers continuous when a new publisher replaces the old one', async () => {
    const first = await publisher('replaced');
    const view = await viewer('replaced', { keepSequence: true });
    await view.waitForVideo();
    await sleep(500);
    const before = view.record.video.packets;
    const second = await publisher('replaced');
    await until(() => view.record.video.packets > before + 30);
    expectContinuous(view.record.video);
    expect(server.stats().streams).toBeGreaterThan(0);
    await first.close();
    await second.close();
  });

  it('closes sessions on stopSession and endStream', async () => {
    await server.startDemoSource('ending');
    const views = await Promise.all([viewer('ending'), viewer('ending')]);
    await Promise.all(views.map((v) => v.waitForVideo()));
    const before = server.stats().viewers;
    await server.stopSession(views[0]!.session.sessionId);
    await server.stopSession(views[0]!.session.sessionId); // idempotent
    expect(server.stats().viewers).toBe(before - 1);
    await server.endStream('ending');
    expect(server.hasPublisher('ending')).toBe(false);
    expect(server.stats().viewers).toBe(before - 2);
    // The server closed the viewer's peer connection: no more packets arrive.
    await sleep(300);
    const count = views[1]!.record.video.packets;
    await sleep(500);
    expect(views[1]!.record.video.packets).toBe(count);
  });

  it('answers 400 to an offer that is not SDP or carries no audio or video', async () => {
    const refusal = (promise: Promise<unknown>) => promise.then(() => undefined, (error: unknown) => error);
    const before = server.stats();
    const notSdp = await refusal(server.publish('bad', 'hello'));
    expect(notSdp).toBeInstanceOf(MediaError);
    expect((notSdp as MediaError).status).toBe(400);
    const dataOnly = 'v=0\r\no=- 1 2 IN IP4 0.0.0.0\r\ns=-\r\nt=0 0\r\nm=application 9 UDP/DTLS/SCTP webrtc-datachannel\r\n';
    expect(((await refusal(server.play('bad', dataOnly))) as MediaError).status).toBe(400);
    expect(server.stats()).toEqual(before);
  });

  it('answers 503 when every worker is full', async () => {
    const small = await createMediaServer({ workers: 1, maxViewersPerWorker: 1, announcedAddress: '127.0.0.1' });
    try {
      const first = await startTestViewer(small, 'full');
      open.push(first);
      const refused = await startTestViewer(small, 'full').then(() => undefined, (error: unknown) => error);
      expect(refused).toBeInstanceOf(MediaError);
      expect((refused as MediaError).status).toBe(503);
      expect(small.stats().viewers).toBe(1);
    } finally {
      await small.close();
    }
    await expect(small.play('full', 'v=0')).rejects.toMatchObject({ status: 400 }); // the offer is checked first
  });

  it('feeds a viewer the demo clip, starting on a keyframe', async () => {
    await server.startDemoSource('demo');
    await server.startDemoSource('demo'); // already running: no restart
    const view = await viewer('demo', { keepSequence: true });
    await view.waitForVideo();
    expect(view.record.firstVideoIsKeyframeStart).toBe(true);
    expect(view.record.firstVideoMs).toBeLessThan(2000);
    await sleep(1000);
    expectContinuous(view.record.video);
    await server.endStream('demo');
  });

  it('tells the server when a publisher goes away without stopping its session', async () => {
    await abandoned;
    expect(server.hasPublisher('abandoned')).toBe(false);
  });

  it('is back to zero sessions once every stream has ended', async () => {
    for (const streamId of ['forward', 'early', 'popular', 'replaced', 'demo']) await server.endStream(streamId);
    expect(server.stats()).toEqual({ streams: 0, publishers: 0, viewers: 0, perWorker: [{ viewers: 0, publishers: 0 }, { viewers: 0, publishers: 0 }] });
  });
});
