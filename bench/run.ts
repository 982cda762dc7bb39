// `npm run bench [name ...]`: runs benchmarks against real server processes on loopback, prints JSON,
// appends the figures to RESULTS.md and exits non-zero when a budget is missed.
// Names: cold-start, initial-route, lighthouse, lighthouse-repeat, live-http, pages, lists, ws, video, recording, votes, auction, images, ledger, webhooks, search (default: all).
import { appendFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { benchAuction } from './auction.js';
import { benchColdStart } from './cold-start.js';
import { benchImages } from './images.js';
import { benchInitialRoute } from './initial-route.js';
import { ROOT } from './lib.js';
import { benchLighthouse, benchLighthouseRepeat } from './lighthouse.js';
import { benchLiveStreams } from './live-http.js';
import { benchLedger } from './ledger.js';
import { benchWebhooks } from './webhooks.js';
import { benchLiveLists } from './live-lists.js';
import { benchPages } from './pages.js';
import { benchRecording } from './recording.js';
import { benchSearch } from './search.js';
import { benchVideo } from './video.js';
import { benchVideoJanus } from './video-janus.js';
import { benchVotes } from './votes.js';
import { benchWsFanout } from './ws-fanout.js';

type Result = { pass?: boolean } & Record<string, unknown>;
const benches: Record<string, () => Promise<Result>> = {
  'cold-start': benchColdStart,
  'initial-route': benchInitialRoute,
  lighthouse: benchLighthouse,
  'lighthouse-repeat': benchLighthouseRepeat,
  'live-http': () => benchLiveStreams(10),
  pages: () => benchPages(),
  // Issue 25: 5,000 lists of live shows kept current, pushed (listing_update) vs polled every N s.
  lists: () => benchLiveLists({ sockets: 5000, seconds: 20, changesPerSecond: 1 }),
  ws: () => benchWsFanout({ viewers: 5000, messagesPerSecond: 10, seconds: 20 }),
  // BENCH_VIDEO_VIEWERS raises the ramp's ceiling (25, 50, 100, 150, 200, 250, 300, …) to find where frames drop.
  // Issue 15: the same show on one Janus node too, viewers per core side by side.
  video: async () => {
    const viewers = Number(process.env.BENCH_VIDEO_VIEWERS) || 200;
    const embedded = await benchVideo({ viewers, seconds: 10 });
    const janus = await benchVideoJanus({ viewers, seconds: 10, progress: (m) => console.error(`bench: ${m}`) });
    const perCore = (steps: Array<{ viewers: number; sfuCpuPercent: number }>, max: number) => {
      const step = steps.find((s) => s.viewers === max);
      return step && step.sfuCpuPercent > 0 ? Math.round(max / (step.sfuCpuPercent / 100)) : null;
    };
    const viewersPerCore = {
      embedded: perCore(embedded.steps, embedded.maxViewersAt95PercentDelivery),
      janus: 'viewersPerCore' in janus ? janus.viewersPerCore : null,
    };
    return { ...embedded, janus, viewersPerCore };
  },
  // Issue 13: the SFU's CPU per live show with and without recording, and disk bytes a minute at ~1 Mbps.
  recording: () => benchRecording({ shows: 8, seconds: 20, rounds: 3 }),
  votes: () => benchVotes({ voters: Number(process.env.BENCH_VOTERS) || 10_000 }),
  // Issue 14: 500 bidders for 20 s on one auction, 5,000 sockets watching (BENCH_DATABASE_URL: on PostgreSQL).
  auction: () => benchAuction({ bidders: 500, sockets: 5000, seconds: 20 }),
  images: benchImages,
  // Issue 26: 200 orders/s paid, a third cancelled and refunded, for 30 s on PostgreSQL; a payout run over 10,000 sellers.
  // LEDGER_ORDERS_PER_SECOND: also measure below the rate one instance sustains on this machine.
  ledger: () => benchLedger({ ordersPerSecond: Number(process.env.LEDGER_ORDERS_PER_SECOND) || 200, seconds: 30, sellers: 10_000 }),
  // Issue 27: 1,000 courier tracking events/s for 30 s on PostgreSQL, a twentieth repeated; none may be lost.
  // Issue 29: search and suggest p50/p95 over 100,000 products in the ten languages (PGlite, and PostgreSQL when reachable).
  search: () => benchSearch({ products: Number(process.env.SEARCH_PRODUCTS) || 100_000 }),
  webhooks: () => benchWebhooks({ eventsPerSecond: Number(process.env.WEBHOOK_EVENTS_PER_SECOND) || 1000, seconds: Number(process.env.WEBHOOK_SECONDS) || 30 }),
};

const names = process.argv.slice(2).length ? process.argv.slice(2) : Object.keys(benches);
const results: Record<string, Result> = {};
for (const name of names) {
  const run = benches[name];
  if (!run) throw new Error(`Unknown benchmark "${name}". Known: ${Object.keys(benches).join(', ')}`);
  console.error(`bench: ${name}…`);
  results[name] = await run();
}

const machine = { cpus: os.cpus().length, cpu: os.cpus()[0]?.model, memoryGB: Math.round(os.totalmem() / 2 ** 30), node: process.version };
const report = { date: new Date().toISOString(), machine, results };
console.log(JSON.stringify(report, null, 2));
appendFileSync(path.join(ROOT, 'bench/RESULTS.md'), `\n## ${report.date}\n\n\`\`\`json\n${JSON.stringify({ machine, results }, null, 2)}\n\`\`\`\n`);

const failed = Object.entries(results).filter(([, r]) => r.pass === false);
for (const [name] of failed) console.error(`bench: ${name} missed its budget`);
// Exit explicitly: a werift viewer whose join failed half-way can leave a UDP socket open, which would
// keep this process alive after the figures are written.
process.exit(failed.length ? 1 : 0);
