// Per-viewer delivery on the real SFU (two workers, werift peers over loopback): audio only stops
// a viewer's video RTP and brings it back on a keyframe; data saver forwards the publisher's low
// layer; a publisher that goes quiet is reported as reconnecting, and live again when it is back.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMediaServer, MediaError, type MediaServer, type PublisherStatus } from './index.js';
import { PUBLISHER_IDLE_MS } from './protocol.js';
import { startTestPublisher, startTestViewer, type PublisherOptions, type TestPublisher, type TestViewer } from './testing/clients.js';

let server: MediaServer;
const open: { close(): Promise<void> }[] = [];
const statuses: { streamId: string; status: PublisherStatus; at: number }[] = [];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await sleep(20);
  }
}

async function publisher(streamId: string, options: PublisherOptions = {}): Promise<TestPublisher> {
  const client = await startTestPublisher(server, streamId, options);
  open.push(client);
  return client;
}

async function viewer(streamId: string): Promise<TestViewer> {
  const client = await startTestViewer(server, streamId);
  open.push(client);
  return client;
}

/** Video kbps a viewer receives over `ms` (RTP payload bytes). */
async function videoKbps(view: TestViewer, ms = 2000): Promise<number> {
  const before = view.record.video.bytes;
  await sleep(ms);
  return ((view.record.video.bytes - before) * 8) / ms;
}

beforeAll(async () => {
  server = await createMediaServer({ workers: 2, announcedAddress: '127.0.0.1' });
  server.onPublisherStatus((streamId, status) => statuses.push({ streamId, status, at: Date.now() }));
});

afterAll(async () => {
  await Promise.all(open.map((client) => client.close().catch(() => {})));
  await server?.close();
});

describe('audio only', () => {
  it('stops video RTP to that viewer only, keeps its audio, and resumes video within 2 s on a keyframe', async () => {
    const pub = await publisher('audio-only', { audio: true });
    const [quiet, other] = [await viewer('audio-only'), await viewer('audio-only')];
    await Promise.all([quiet.waitForVideo(), other.waitForVideo()]);

    await server.setViewerDelivery(quiet.session.sessionId, { video: false });
    await sleep(300); // packets already on their way
    const video = quiet.record.video.packets;
    const audio = quiet.record.audio.packets;
    const otherVideo = other.record.video.packets;
    await sleep(1500);
    expect(quiet.record.video.packets).toBe(video);
    expect(quiet.record.audio.packets).toBeGreaterThan(audio + 40); // 50 packets/s
    expect(other.record.video.packets).toBeGreaterThan(otherVideo + 20);

    const plis = pub.counts.plis;
    const switchedOn = Date.now();
    await server.setViewerDelivery(quiet.session.sessionId, { video: true });
    await until(() => quiet.record.video.packets > video, 2000);
    expect(Date.now() - switchedOn).toBeLessThan(2000);
    expect(pub.counts.plis).toBeGreaterThan(plis); // it asked for a keyframe rather than wait for one
  });

  it('refuses settings for a session that is not a viewer, or does not exist, with 404', async () => {
    const pub = await publisher('not-a-viewer');
    await expect(server.setViewerDelivery(pub.session.sessionId, { video: false })).rejects.toMatchObject({ status: 404 });
    const refused = await server.setViewerDelivery('no-such-session', { video: false }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(MediaError);
  });
});

describe('data saver', () => {
  it("forwards a simulcast publisher's low layer to a data-saver viewer, and the full one to the others", async () => {
    const pub = await publisher('simulcast', { lowLayer: true, targetBitrate: 900_000 });
    const full = await viewer('simulcast');
    const saver = await viewer('simulcast');
    await server.setViewerDelivery(saver.session.sessionId, { dataSaver: true });
    await Promise.all([full.waitForVideo(), saver.waitForVideo()]);
    await sleep(500);
    const [fullKbps, saverKbps] = await Promise.all([videoKbps(full), videoKbps(saver)]);
    expect(fullKbps).toBeGreaterThan(700);
    expect(saverKbps).toBeLessThan(250);
    expect(saverKbps).toBeGreaterThan(50);
    expect(pub.counts.lowPackets).toBeGreaterThan(0);

    // Back to full: the switch waits for a full-layer keyframe, asked for at once.
    await server.setViewerDelivery(saver.session.sessionId, { dataSaver: false });
    await sleep(1500);
    expect(await videoKbps(saver)).toBeGreaterThan(700);
  });

  it('keeps sequence numbers continuous across a layer switch', async () => {
    await publisher('switching', { lowLayer: true });
    const view = await startTestViewer(server, 'switching', { keepSequence: true });
    open.push(view);
    await view.waitForVideo();
    await sleep(500);
    await server.setViewerDelivery(view.session.sessionId, { dataSaver: true });
    await sleep(1500);
    const seq = view.record.video.sequence;
    for (let i = 1; i < seq.length; i += 1) {
      const step = ((seq[i]! - seq[i - 1]! + 0x8000) & 0xffff) - 0x8000;
      expect(step).toBeGreaterThan(-100);
      expect(step).toBeLessThan(10);
    }
  });

  it('gives a data-saver viewer of a demo stream the small clip', async () => {
    await server.startDemoSource('demo-saver');
    const full = await viewer('demo-saver');
    const saver = await viewer('demo-saver');
    await server.setViewerDelivery(saver.session.sessionId, { dataSaver: true });
    await Promise.all([full.waitForVideo(), saver.waitForVideo()]);
    await sleep(500);
    const [fullKbps, saverKbps] = await Promise.all([videoKbps(full, 4000), videoKbps(saver, 4000)]);
    expect(saverKbps).toBeLessThan(fullKbps * 0.7);
    expect(saverKbps).toBeLessThan(250);
    await server.endStream('demo-saver');
  });

  it('gives a data-saver viewer the only layer when the publisher sends one', async () => {
    await publisher('single');
    const saver = await viewer('single');
    await server.setViewerDelivery(saver.session.sessionId, { dataSaver: true });
    await saver.waitForVideo();
    expect(saver.record.firstVideoIsKeyframeStart).toBe(true);
  });
});

describe('publisher status', () => {
  it('reports a publisher that went quiet as reconnecting, and live when a new one publishes', async () => {
    const first = await publisher('flaky');
    const view = await viewer('flaky');
    await view.waitForVideo();
    expect(server.isPublishing('flaky')).toBe(true);
    const droppedAt = Date.now();
    await first.close(); // no DELETE: as when a phone loses its network
    await until(() => statuses.some((s) => s.streamId === 'flaky' && s.status === 'reconnecting'), PUBLISHER_IDLE_MS + 3000);
    expect(statuses.find((s) => s.streamId === 'flaky')!.at - droppedAt).toBeLessThan(5000);
    expect(server.isPublishing('flaky')).toBe(false);
    expect(server.hasPublisher('flaky')).toBe(true); // ICE has not given up yet

    const before = view.record.video.packets;
    await publisher('flaky');
    await until(() => statuses.filter((s) => s.streamId === 'flaky').at(-1)?.status === 'live');
    await until(() => view.record.video.packets > before + 10);
    expect(server.isPublishing('flaky')).toBe(true);
  });

  it('says nothing about demo streams, a first publisher, nor a stream being ended', async () => {
    await server.startDemoSource('quiet-demo');
    const pub = await publisher('ended');
    await server.endStream('ended');
    await pub.close();
    await server.endStream('quiet-demo');
    await sleep(PUBLISHER_IDLE_MS + 1000);
    expect(statuses.filter((s) => s.streamId === 'ended' || s.streamId === 'quiet-demo').map((s) => s.status)).toEqual([]);
  });
});
