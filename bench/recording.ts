// What recording costs (issue 13, item 7): the SFU's CPU per live show with and without recording,
// and the bytes a minute of show takes on disk at ~1 Mbps.
//
// The SFU runs in its own process (video-sfu.ts, two worker threads) with a recordings directory. This
// process holds `shows` werift publishers, each the demo clip padded to ~950 kbps plus 50 packets/s of
// audio, and no viewers: what is measured is a show's own cost (receiving, decrypting, and recording
// it or not). Rounds alternate, shows not recorded then recorded, with fresh publishers each time, so
// a drift in the machine's load does not land on one side. The files are read back (the media
// package's WebM reader) for their duration and size.
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseWebm, startTestPublisher, type TestPublisher } from '@live-market/media/testing';
import { RemoteSfu, type Usage } from './video-sfu.js';

const TARGET_VIDEO_BPS = 950_000; // + ~40 kbps of audio ≈ 1 Mbps, as in the video bench
const WARM_UP_MS = 2000;

const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const mean = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;

interface Phase {
  record: boolean;
  sfuCpuPercent: number;
  packetsPerSecond: number;
  rssMB: number;
  busiestThreadsCpuPercent: number[];
}

/** `shows` publishers for `seconds`, recorded or not; the SFU's CPU over that window. */
async function phase(sfu: RemoteSfu, round_: number, shows: number, seconds: number, record: boolean): Promise<Phase> {
  const publishers: { streamId: string; client: TestPublisher }[] = [];
  const server = record ? { publish: sfu.publishRecorded } : sfu;
  try {
    for (let i = 0; i < shows; i += 1) {
      const streamId = `bench-recording-${round_}-${record ? 'on' : 'off'}-${i}`;
      publishers.push({ streamId, client: await startTestPublisher(server, streamId, { targetBitrate: TARGET_VIDEO_BPS, audio: true }) });
    }
    await sleep(WARM_UP_MS);
    const sent = () => publishers.reduce((sum, p) => sum + p.client.counts.packets + p.client.counts.audioPackets, 0);
    const sentBefore = sent();
    const start: Usage = await sfu.usage();
    await sleep(seconds * 1000);
    const end: Usage = await sfu.usage();
    const wall = (end.wallMs - start.wallMs) / 1000;
    return {
      record,
      sfuCpuPercent: ((end.cpuMicros - start.cpuMicros) / 1e6 / wall) * 100,
      packetsPerSecond: (sent() - sentBefore) / wall,
      rssMB: end.rssBytes / 2 ** 20,
      busiestThreadsCpuPercent: Object.entries(end.threadTicks)
        .map(([tid, ticks]) => round((ticks - (start.threadTicks[tid] ?? 0)) / wall))
        .sort((a, b) => b - a)
        .slice(0, 3),
    };
  } finally {
    for (const { streamId, client } of publishers) {
      await sfu.end(streamId).catch(() => {});
      await client.close().catch(() => {});
    }
  }
}

export async function benchRecording(opts: { shows?: number; seconds?: number; rounds?: number } = {}) {
  const shows = opts.shows ?? 8;
  const seconds = opts.seconds ?? 20;
  const rounds = opts.rounds ?? 3;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'lm-bench-recordings-'));
  const sfu = await RemoteSfu.start({ BENCH_RECORDINGS_DIR: dir });
  try {
    const phases: Phase[] = [];
    for (let r = 0; r < rounds; r += 1) {
      phases.push(await phase(sfu, r, shows, seconds, false));
      phases.push(await phase(sfu, r, shows, seconds, true));
    }
    const off = phases.filter((p) => !p.record);
    const on = phases.filter((p) => p.record);
    const perShow = (list: Phase[]) => mean(list.map((p) => p.sfuCpuPercent)) / shows;
    const extraPerShow = perShow(on) - perShow(off);
    const packetsPerShow = mean(on.map((p) => p.packetsPerSecond)) / shows;

    const files = readdirSync(dir).map((name) => {
      const webm = parseWebm(readFileSync(path.join(dir, name)));
      const bytes = readFileSync(path.join(dir, name)).length;
      return { bytes, durationMs: webm.durationMs ?? 0, tracks: webm.tracks.map((t) => t.codecId).join('+'), cues: webm.cues.length };
    });
    const totalBytes = files.reduce((sum, f) => sum + f.bytes, 0);
    const totalMinutes = files.reduce((sum, f) => sum + f.durationMs, 0) / 60_000;
    const bytesPerMinute = totalBytes / totalMinutes;
    const valid = files.length === shows * rounds && files.every((f) => f.tracks === 'V_VP8+A_OPUS' && f.cues > 0 && f.durationMs > (seconds * 1000) / 2);
    return {
      pass: valid,
      shows,
      secondsPerPhase: seconds,
      rounds,
      // The SFU process (all threads) per live show, no viewers: receiving and decrypting it, then recording it or not.
      sfuCpuPercentPerShow: { withoutRecording: round(perShow(off), 2), withRecording: round(perShow(on), 2), recordingAdds: round(extraPerShow, 2) },
      recordingCpuMicrosPerPacket: round((extraPerShow / 100) * 1e6 / packetsPerShow, 1),
      publisherPacketsPerSecondPerShow: round(packetsPerShow, 0),
      sfuRssMB: { withoutRecording: round(mean(off.map((p) => p.rssMB)), 0), withRecording: round(mean(on.map((p) => p.rssMB)), 0) },
      phases: phases.map((p) => ({ record: p.record, sfuCpuPercent: round(p.sfuCpuPercent), busiestThreadsCpuPercent: p.busiestThreadsCpuPercent })),
      disk: {
        files: files.length,
        megabytesPerMinute: round(bytesPerMinute / 1e6, 2),
        megabytesPerHour: round((bytesPerMinute * 60) / 1e6, 0),
        kilobitsPerSecond: round((bytesPerMinute * 8) / 60 / 1000, 0),
      },
    };
  } finally {
    await sfu.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
