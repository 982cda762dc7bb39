// `npm run bench -- video`, second half (issue 15): the same ~1 Mbps show and werift viewers, on one
// Janus node (Debian's janus, its own process) instead of the embedded SFU. Janus's CPU and RSS are
// read from /proc; the app's side (JanusMedia, signalling only) runs in this process. Viewers per core
// at the last step where 95 % of viewers got ≥ 95 % of the packets, for both engines side by side.
import { readFileSync } from 'node:fs';
import { JanusMedia } from '@live-market/media';
import { hostAddress, startTestPublisher, type TestViewer } from '@live-market/media/testing';
// @ts-expect-error: a plain .mjs script, shared with `npm run janus`
import { janusBinary, startJanusNodes } from '../scripts/janus-nodes.mjs';
import { BURST_VIEWERS, DELIVERY_THRESHOLD, join as joinViewer, JOIN_CONCURRENCY, percentile, round, sleep, TARGET_VIDEO_BPS, type Counter } from './video.js';

const STREAM = 'bench-video-janus';
const TICKS_PER_SECOND = 100;

function processUsage(pid: number) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  const rssKb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  return { ticks: Number(fields[11]) + Number(fields[12]), at: performance.now(), rssMB: Math.round(rssKb / 1024) };
}

export async function benchVideoJanus(opts: { viewers?: number; seconds?: number; progress?: (message: string) => void } = {}) {
  if (!janusBinary()) return { skipped: 'janus is not installed (apt-get install janus)' };
  const progress = opts.progress ?? (() => {});
  const maxViewers = opts.viewers ?? 200;
  const seconds = opts.seconds ?? 10;
  const steps = [25, 50, 100, 150, 200, 250, 300, 350, 400, 500].filter((n) => n < maxViewers).concat(maxViewers);
  const nodes = (await startJanusNodes({ count: 1, firstPort: 18588, firstRtpPort: 42000 })) as { urls: string[]; pids: number[]; stop(): Promise<void> };
  const pid = nodes.pids[0]!;
  const media = new JanusMedia({ urls: nodes.urls, viewersPerNode: 100_000 });
  const address = hostAddress();
  const viewers: TestViewer[] = [];
  const counters: Counter[] = [];

  const join = () => joinViewer(media, viewers, counters, { streamId: STREAM, address, looseStart: true });

  const publisher = await startTestPublisher(media, STREAM, { targetBitrate: TARGET_VIDEO_BPS, audio: true, address });
  try {
    await sleep(1000);
    let failedJoins = 0;
    const firstFrames: number[] = [];
    for (let i = 0; i < 20; i += 1) {
      await sleep(600);
      const ms = await join();
      if (ms === undefined) failedJoins += 1;
      else firstFrames.push(ms);
    }
    progress(`janus: first frame p95 ${round(percentile(firstFrames, 95), 0)} ms`);
    await sleep(600);
    const burst = await Promise.all(
      Array.from({ length: BURST_VIEWERS }, async (_, i) => {
        await sleep((i * 1000) / BURST_VIEWERS);
        return join();
      }),
    );
    const burstFrames = burst.filter((ms): ms is number => ms !== undefined);
    failedJoins += burst.length - burstFrames.length;
    progress(`janus: burst of ${BURST_VIEWERS}: first frame p95 ${round(percentile(burstFrames, 95), 0)} ms`);

    const results = [];
    let maxAt95 = 0;
    let cpuAtMax = 0;
    for (const target of steps) {
      const failedBefore = failedJoins;
      while (viewers.length < target && failedJoins - failedBefore < 10) {
        const batch = Math.min(JOIN_CONCURRENCY, target - viewers.length);
        for (const ms of await Promise.all(Array.from({ length: batch }, join))) if (ms === undefined) failedJoins += 1;
      }
      await sleep(2000);
      const startCounts = counters.map((c) => c.packets);
      const sentAtStart = publisher.counts.packets + publisher.counts.audioPackets;
      const before = processUsage(pid);
      await sleep(seconds * 1000);
      const after = processUsage(pid);
      const sent = publisher.counts.packets + publisher.counts.audioPackets - sentAtStart;
      const delivery = counters.map((c, i) => Math.min(1, (c.packets - startCounts[i]!) / sent));
      const cpuPercent = round(((after.ticks - before.ticks) / TICKS_PER_SECOND / ((after.at - before.at) / 1000)) * 100);
      const p5 = percentile(delivery, 5);
      if (p5 >= DELIVERY_THRESHOLD && viewers.length >= target) {
        maxAt95 = target;
        cpuAtMax = cpuPercent;
      }
      progress(`janus: ${viewers.length} viewers: p5 delivery ${round(p5 * 100)}%, Janus CPU ${cpuPercent}%`);
      results.push({
        viewers: viewers.length,
        failedJoins: failedJoins - failedBefore,
        missingPercent: { p50: round((1 - percentile(delivery, 50)) * 100, 2), p95: round((1 - p5) * 100, 2), max: round((1 - Math.min(...delivery)) * 100, 2) },
        janusCpuPercent: cpuPercent,
        janusRssMB: after.rssMB,
      });
      if (percentile(delivery, 20) < 0.8 || viewers.length < target) break;
    }
    return {
      firstFrameMs: { p50: round(percentile(firstFrames, 50), 0), p95: round(percentile(firstFrames, 95), 0) },
      burstJoins: { viewers: BURST_VIEWERS, firstFrameMs: { p50: round(percentile(burstFrames, 50), 0), p95: round(percentile(burstFrames, 95), 0), max: round(Math.max(...burstFrames), 0) } },
      failedJoins,
      steps: results,
      maxViewersAt95PercentDelivery: maxAt95,
      viewersPerCore: cpuAtMax > 0 ? Math.round(maxAt95 / (cpuAtMax / 100)) : null,
    };
  } finally {
    await publisher.close().catch(() => {});
    await Promise.all(viewers.map((viewer) => viewer.close().catch(() => {})));
    await media.close();
    await nodes.stop();
  }
}
