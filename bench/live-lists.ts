// Issue 25: what it costs the server to keep 5,000 open lists of live shows current. Either every
// screen is told (a listing_update pushed to 5,000 watching sockets per change), or every screen asks
// (GET /api/streams/live, cached for 1 s, from 5,000 clients every N seconds). Also what the fallback
// costs: the upcoming list (signed in, per person, not cached) asked every N seconds by 5,000 clients.
// A real server process (PGlite, demo data); the sockets and autocannon share the machine with it.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import type WebSocket from 'ws';
import { openSocket, percentile, processUsage, signIn, startServer, stop, waitFor } from './lib.js';

interface Options {
  sockets?: number;
  /** Length of each measured phase, seconds. */
  seconds?: number;
  /** Shows going live or ending per second while pushing (the real rate is far lower: ~0.03/s at 100 shows an hour). */
  changesPerSecond?: number;
}

const ACCOUNTS_SOCKETS = 10; // SOCKETS_PER_USER: each account holds at most 10 sockets on an instance

export async function benchLiveLists({ sockets: socketCount = 5000, seconds = 20, changesPerSecond = 1 }: Options = {}) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lm-lists-'));
  const port = Number(process.env.BENCH_LISTS_PORT) || 5089;
  const base = `http://127.0.0.1:${port}`;
  const origin = `http://localhost:${port}`;
  const server = startServer({
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL: origin,
    MEDIA_MODE: 'none',
    OTP_SEND_LIMIT_PER_IP: '100000',
    OTP_SEND_LIMIT_PER_DESTINATION: '100',
    API_RATE_LIMIT_PER_MINUTE: '100000000',
    SELLER_RECONNECT_GRACE_SECONDS: '3600',
  });
  const open: WebSocket[] = [];
  const cpuOf = async (run: () => Promise<void>) => {
    const before = processUsage(server.pid!);
    const started = performance.now();
    await run();
    const wallSeconds = (performance.now() - started) / 1000;
    const used = processUsage(server.pid!).cpuSeconds - before.cpuSeconds;
    return { cpuSeconds: Number(used.toFixed(2)), cpuPercent: Math.round((used / wallSeconds) * 1000) / 10 };
  };
  try {
    // A busy machine (the sockets and autocannon share it) can take minutes to migrate and seed.
    await waitFor(`${base}/api/health`, 300_000);
    const send = async (method: string, url: string, cookie: string, body?: object) => {
      const res = await fetch(base + url, { method, headers: { 'content-type': 'application/json', origin, cookie }, body: body ? JSON.stringify(body) : undefined });
      if (!res.ok) throw new Error(`${method} ${url} answered ${res.status}: ${await res.text()}`);
      return (await res.json()) as { id: string };
    };
    const sellerCookie = await signIn(base, '9777777777', 'Lister');
    await send('POST', '/api/sellers', sellerCookie, { storeName: 'Lists Bench', description: 'Lists benchmark store', category: 'fashion' });
    const accounts = Math.ceil(socketCount / ACCOUNTS_SOCKETS);
    const cookies: string[] = [];
    for (let i = 0; i < accounts; i += 50) {
      cookies.push(...(await Promise.all(Array.from({ length: Math.min(50, accounts - i) }, (_, j) => signIn(base, `9${300000000 + i + j}`, `Watcher${i + j}`)))));
    }

    // Every 10th socket notes when each show's listing_update arrives.
    const sampleEvery = 10;
    const arrivals = new Map<string, number[]>();
    let frameBytes = 0;
    const url = `ws://127.0.0.1:${port}/ws`;
    for (let i = 0; i < socketCount; i += 250) {
      const batch = await Promise.all(Array.from({ length: Math.min(250, socketCount - i) }, (_, j) => openSocket(url, cookies[Math.floor((i + j) / ACCOUNTS_SOCKETS)]!, origin)));
      batch.forEach((ws, j) => {
        if ((i + j) % sampleEvery !== 0) return;
        ws.on('message', (data) => {
          const text = String(data);
          if (!text.startsWith('{"type":"listing_update"')) return;
          frameBytes = text.length;
          const id = /"streamId":"([0-9a-f-]{36})"/.exec(text)![1]!;
          const key = `${id}:${/"status":"(\w+)"/.exec(text)![1]}`;
          arrivals.set(key, [...(arrivals.get(key) ?? []), performance.now()]);
        });
      });
      open.push(...batch);
    }
    const closedEarly = () => open.filter((ws) => ws.readyState !== ws.OPEN).length;
    await new Promise((r) => setTimeout(r, 2000));

    // The seller's shows go live and end in turn, `changesPerSecond` changes a second; each request's start is noted.
    const sentAt = new Map<string, number>();
    const changes = async () => {
      const interval = 1000 / changesPerSecond;
      const until = performance.now() + seconds * 1000;
      while (performance.now() < until) {
        const tick = performance.now();
        const startedAt = performance.now();
        const { id } = await send('POST', '/api/streams', sellerCookie, { title: 'Bench show' });
        sentAt.set(`${id}:live`, startedAt);
        await new Promise((r) => setTimeout(r, Math.max(0, tick + interval - performance.now())));
        const endingAt = performance.now();
        sentAt.set(`${id}:ended`, endingAt);
        await send('PATCH', `/api/streams/${id}`, sellerCookie, { isLive: false });
        await new Promise((r) => setTimeout(r, Math.max(0, tick + 2 * interval - performance.now())));
      }
      await new Promise((r) => setTimeout(r, 1000));
    };

    const idle = await cpuOf(() => new Promise((r) => setTimeout(r, seconds * 1000)));
    const unwatched = await cpuOf(changes);
    const changesUnwatched = sentAt.size;
    sentAt.clear();
    arrivals.clear();
    for (const ws of open) ws.send(JSON.stringify({ type: 'watch_lists' }));
    await new Promise((r) => setTimeout(r, 2000));
    const watched = await cpuOf(changes);
    const changesWatched = sentAt.size;
    const latencies: number[] = [];
    let delivered = 0;
    for (const [key, at] of sentAt) {
      for (const arrived of arrivals.get(key) ?? []) {
        delivered += 1;
        latencies.push(arrived - at);
      }
    }
    latencies.sort((a, b) => a - b);
    for (const ws of open) ws.send(JSON.stringify({ type: 'unwatch_lists' }));

    // Polling: 5,000 clients every N s is 5,000/N requests a second, spread evenly (autocannon's overall rate).
    const body = await (await fetch(`${base}/api/streams/live`)).text();
    const poll = async (path: string, everySeconds: number, cookie?: string) => {
      // The previous phase's backlog drains first.
      await new Promise((r) => setTimeout(r, 3000));
      const rate = Math.round(socketCount / everySeconds);
      const duration = Math.min(seconds, 10);
      let result: autocannon.Result | undefined;
      const usage = await cpuOf(async () => {
        result = await autocannon({ url: base + path, connections: Math.min(50, rate), overallRate: rate, duration, headers: cookie ? { cookie } : {} });
      });
      const answered = result!.requests.total;
      return {
        everySeconds,
        askedPerSecond: rate,
        answeredPerSecond: Math.round(answered / duration),
        p99Ms: result!.latency.p99,
        errors: result!.errors + result!.non2xx,
        ...usage,
        cpuMsPerAnswer: answered ? Number(((usage.cpuSeconds * 1000) / answered).toFixed(2)) : null,
      };
    };
    const livePolls = [];
    for (const every of [1, 2, 5, 30]) livePolls.push(await poll('/api/streams/live', every));
    // Each person's own answer (reminded), from the database: what a fallback interval on it would cost.
    const upcomingPolls = [];
    for (const every of [60, 300]) upcomingPolls.push(await poll('/api/streams/upcoming', every, cookies[0]));

    const pushCpuSeconds = watched.cpuSeconds - unwatched.cpuSeconds;
    const perChangeMs = changesWatched ? (pushCpuSeconds * 1000) / changesWatched : NaN;
    const p99 = percentile(latencies, 99);
    const expected = changesWatched * Math.ceil(socketCount / sampleEvery);
    return {
      sockets: socketCount,
      socketsClosedEarly: closedEarly(),
      seconds,
      changesPerSecond,
      idle,
      push: {
        changes: changesWatched,
        frameBytes,
        // The same changes with nobody watching, then with every socket watching: the difference is the fan-out.
        changesUnwatched: { changes: changesUnwatched, ...unwatched },
        changesWatched: watched,
        fanOutCpuMsPerChange: Number(perChangeMs.toFixed(1)),
        deliveredToSampled: `${delivered}/${expected}`,
        requestToArrivalMs: { p50: Math.round(percentile(latencies, 50)), p99: Math.round(p99), max: Math.round(latencies.at(-1) ?? NaN) },
      },
      poll: { liveListBytes: body.length, live: livePolls, upcoming: upcomingPolls },
      budgetArrivalP99Ms: 2000,
      pass: p99 <= 2000 && delivered === expected && closedEarly() === 0,
    };
  } finally {
    for (const ws of open) ws.terminate();
    await stop(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
