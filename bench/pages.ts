// Issue 31, budget: a signed-out `GET /` and `GET /stream/{id}` (served from the page cache, decision
// 054) at ≥ 25 % of a bare Node http server sending the same bytes. The app runs as `npm start` runs
// it (NODE_ENV unset, PGlite, demo data); the bare servers are started beside it, one per page, and
// each of the four is loaded in turn, round after round, so a busy machine slows them alike. CPU per
// request comes from /proc (the stable figure: req/s is capped by autocannon sharing the cores);
// the budget is judged on it, req/s is printed beside it.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { ROOT, processUsage, startServer, stop, waitFor } from './lib.js';

const BUDGET = 0.25;
const PORTS = { app: 5600, bareLanding: 5601, bareStream: 5602 };

type Run = { requestsPerSecond: number; cpuMicrosPerRequest: number; p99Ms: number; errors: number };

// A cookie that looks like a session: the page is rendered per request (and signed out, since no such
// session exists), as every signed-out page was before the cache. Reported beside, not judged.
const PER_REQUEST = { cookie: 'lm.session_token=bench-not-a-session' };

async function measure(pid: number, url: string, seconds: number, headers: Record<string, string> = {}): Promise<Run> {
  const before = processUsage(pid).cpuSeconds;
  const result = await autocannon({ url, connections: 50, duration: seconds, pipelining: 1, headers });
  const cpu = processUsage(pid).cpuSeconds - before;
  const total = result.requests.total;
  return {
    requestsPerSecond: Math.round(total / seconds),
    cpuMicrosPerRequest: total ? Math.round((cpu * 1e6) / total) : NaN,
    p99Ms: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const span = (xs: number[], digits = 3) => [Math.min(...xs), Math.max(...xs)].map((x) => Number(x.toFixed(digits)));

export async function benchPages({ seconds = Number(process.env.BENCH_PAGES_SECONDS) || 5, rounds = Number(process.env.BENCH_PAGES_ROUNDS) || 3 } = {}) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lm-bench-pages-'));
  const env: Record<string, string> = { PORT: String(PORTS.app), HOST: '127.0.0.1', DATA_DIR: dataDir, METRICS_PORT: 'off', API_RATE_LIMIT_PER_MINUTE: '100000000' };
  const app = startServer(env);
  const children = [app];
  try {
    const base = `http://127.0.0.1:${PORTS.app}`;
    await waitFor(`${base}/api/health`);
    const live = (await (await fetch(`${base}/api/streams/live`)).json()) as Array<{ id: string }>;
    if (!live[0]) throw new Error('pages bench: the demo data has no live show');
    const pages = [
      { name: 'landing', path: '/', barePort: PORTS.bareLanding },
      { name: 'stream', path: `/stream/${live[0].id}`, barePort: PORTS.bareStream },
    ];
    const servers = [];
    for (const page of pages) {
      // The bytes a signed-out visitor gets (no cookie, no accept-encoding, as autocannon asks).
      const res = await fetch(base + page.path, { headers: { 'accept-encoding': 'identity' } });
      const body = await res.text();
      if (!res.headers.get('cache-control')?.startsWith('public')) throw new Error(`pages bench: ${page.path} is not served from the page cache`);
      const bare = startServer({ PORT: String(page.barePort), BENCH_BODY: body }, path.join(ROOT, 'bench/servers/bare-server.mjs'));
      children.push(bare);
      await waitFor(`http://127.0.0.1:${page.barePort}/`);
      servers.push({ ...page, bodyBytes: Buffer.byteLength(body), appUrl: base + page.path, bare, app: [] as Run[], bareNode: [] as Run[], perRequest: [] as Run[] });
    }
    // Warm-up: the JIT, the first renders, the connections.
    for (const s of servers) {
      await measure(app.pid!, s.appUrl, 2);
      await measure(s.bare.pid!, `http://127.0.0.1:${s.barePort}/`, 1);
    }
    for (let round = 0; round < rounds; round++) {
      for (const s of servers) {
        s.app.push(await measure(app.pid!, s.appUrl, seconds));
        s.bareNode.push(await measure(s.bare.pid!, `http://127.0.0.1:${s.barePort}/`, seconds));
        s.perRequest.push(await measure(app.pid!, s.appUrl, seconds, PER_REQUEST));
      }
    }
    const results = servers.map((s) => {
      // Per round, side by side: what share of bare node's throughput the app's CPU per request allows.
      const cpuRatios = s.app.map((r, i) => s.bareNode[i]!.cpuMicrosPerRequest / r.cpuMicrosPerRequest);
      const rpsRatios = s.app.map((r, i) => r.requestsPerSecond / s.bareNode[i]!.requestsPerSecond);
      const errors = s.app.reduce((sum, r) => sum + r.errors, 0);
      return {
        page: s.name,
        path: s.path,
        bodyBytes: s.bodyBytes,
        app: s.app,
        bareNode: s.bareNode,
        renderedPerRequest: s.perRequest,
        ratioByCpuPerRequest: Number(median(cpuRatios).toFixed(3)),
        ratioByCpuPerRequestRange: span(cpuRatios),
        ratioByRequestsPerSecond: Number(median(rpsRatios).toFixed(3)),
        ratioByRequestsPerSecondRange: span(rpsRatios),
        pass: errors === 0 && median(cpuRatios) >= BUDGET,
      };
    });
    for (const r of results) {
      console.error(`bench: pages ${r.path}: ${r.ratioByCpuPerRequest} of bare node by CPU per request (${r.ratioByCpuPerRequestRange.join('–')}), ${r.ratioByRequestsPerSecond} by req/s; budget ${BUDGET}`);
    }
    return { budget: `≥ ${BUDGET} of bare node:http (CPU per request, median of ${rounds} interleaved rounds)`, seconds, rounds, pages: results, pass: results.every((r) => r.pass) };
  } finally {
    for (const child of children.reverse()) await stop(child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
