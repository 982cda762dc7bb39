// Recording through the SFU for real: a werift publisher sends VP8 + Opus over loopback, the worker
// writes WebM, and the file is read back with the pure-JS reader (no ffprobe in CI).
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMediaServer, type MediaServer, type RecordingEvent } from './index.js';
import { startTestPublisher } from './testing/clients.js';
import { parseWebm } from './testing/webm.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'lm-recordings-'));
let server: MediaServer;
const events: RecordingEvent[] = [];

beforeAll(async () => {
  server = await createMediaServer({ workers: 2, announcedAddress: '127.0.0.1', recordingsDir: dir });
  server.onRecording((event) => events.push(event));
});
afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const recorded = { publish: (streamId: string, sdp: string) => server.publish(streamId, sdp, { record: true }) };

function finished(streamId: string) {
  return events.filter((e): e is Extract<RecordingEvent, { type: 'finished' }> => e.type === 'finished' && e.streamId === streamId);
}

describe('recording', () => {
  it('writes the publisher\'s VP8 and Opus to a WebM file with both tracks and its duration', async () => {
    const publisher = await startTestPublisher(recorded, 'rec-1', { audio: true });
    const sentFrom = Date.now();
    await sleep(4000);
    await server.endStream('rec-1');
    const sentMs = Date.now() - sentFrom;
    await publisher.close();

    const [done] = finished('rec-1');
    expect(done).toBeDefined();
    expect(events.filter((e) => e.streamId === 'rec-1').map((e) => e.type)).toEqual(['started', 'finished']);
    const bytes = readFileSync(path.join(dir, done!.fileName));
    expect(done!.bytes).toBe(bytes.length);
    const webm = parseWebm(bytes);
    expect(webm.docType).toBe('webm');
    expect(webm.tracks.map((t) => t.codecId)).toEqual(['V_VP8', 'A_OPUS']);
    expect(webm.tracks[0]).toMatchObject({ width: 640, height: 360 });
    // From the first keyframe (one round trip after the publisher connected) to the end.
    expect(Math.abs(webm.durationMs! / 1000 - sentMs / 1000)).toBeLessThan(1);
    expect(done!.durationSeconds).toBeCloseTo(webm.durationMs! / 1000, 3);
    const video = webm.blocks.filter((b) => b.track === 1);
    const audio = webm.blocks.filter((b) => b.track === 2);
    expect(video[0]!.keyframe).toBe(true);
    expect(video.length).toBeGreaterThan(60); // 20 fps
    expect(audio.length).toBeGreaterThan(150); // 50 packets a second
    for (const track of [video, audio]) expect(track.every((b, i) => i === 0 || b.timeMs >= track[i - 1]!.timeMs)).toBe(true);
    expect(webm.cues.length).toBeGreaterThan(0);
    expect(webm.idAt(webm.seek.get('1c53bb6b')!)).toBe('1c53bb6b');
  }, 30_000);

  it('records the small layer when a simulcast publisher never sends the full one (Chromium at its start bitrate), from its first frame', async () => {
    const publisher = await startTestPublisher(recorded, 'rec-4', { audio: true, lowLayer: true, fullLayer: false });
    const connectedAt = Date.now();
    await sleep(3000);
    await server.endStream('rec-4');
    const sentMs = Date.now() - connectedAt;
    await publisher.close();

    const [done] = finished('rec-4');
    expect(done).toBeDefined();
    // Second 0 is the camera's first frame, not a wait for a layer that never comes.
    expect(done!.startedAt.getTime() - connectedAt).toBeLessThan(500);
    expect(done!.endedAt.getTime() - done!.startedAt.getTime()).toBe(Math.round(done!.durationSeconds * 1000));
    const webm = parseWebm(readFileSync(path.join(dir, done!.fileName)));
    expect(webm.tracks[0]).toMatchObject({ codecId: 'V_VP8', width: 320, height: 180 });
    const video = webm.blocks.filter((b) => b.track === 1);
    expect(video[0]).toMatchObject({ keyframe: true, timeMs: 0 });
    expect(video.length).toBeGreaterThan(40); // 20 fps
    expect(webm.cues.length).toBeGreaterThan(0);
    expect(Math.abs(webm.durationMs! - sentMs)).toBeLessThan(1000);
  }, 30_000);

  it('continues one file when the publisher reconnects during the show', async () => {
    const first = await startTestPublisher(recorded, 'rec-2', { audio: true });
    await sleep(1500);
    await server.stopSession(first.session.sessionId);
    await first.close();
    await sleep(500);
    const second = await startTestPublisher(recorded, 'rec-2', { audio: true });
    await sleep(1500);
    await server.endStream('rec-2');
    await second.close();

    const runs = events.filter((e) => e.streamId === 'rec-2');
    expect(runs.map((e) => e.type)).toEqual(['started', 'finished']);
    const webm = parseWebm(readFileSync(path.join(dir, finished('rec-2')[0]!.fileName)));
    const keyframes = webm.blocks.filter((b) => b.track === 1 && b.keyframe);
    // The second camera's first keyframe comes after the gap.
    expect(keyframes.some((k) => k.timeMs >= 1900)).toBe(true);
    expect(webm.durationMs!).toBeGreaterThan(3000);
  }, 30_000);

  it('records nothing for a publisher not asked to record', async () => {
    const before = readdirSync(dir).length;
    const publisher = await startTestPublisher(server, 'rec-3', { audio: true });
    await sleep(1000);
    await server.endStream('rec-3');
    await publisher.close();
    expect(events.filter((e) => e.streamId === 'rec-3')).toEqual([]);
    expect(readdirSync(dir)).toHaveLength(before);
  }, 30_000);
});
