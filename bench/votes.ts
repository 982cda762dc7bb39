// Budget (ARCHITECTURE): a burst of 2,000 votes in one second, each user counted exactly once. Also the
// cost of the active-poll call when 2,000 viewers refetch it every 2 s (1,000 requests/s).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { freshPostgres, percentile, processUsage, signIn as signInAt, startServer, stop, waitFor } from './lib.js';

export async function benchVotes({ voters = 2000 }: { voters?: number } = {}) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lm-votes-'));
  const adminUrl = process.env.BENCH_DATABASE_URL;
  // BENCH_DATABASE_URL=postgres://… runs the server on a fresh PostgreSQL database instead of PGlite.
  const databaseUrl = adminUrl ? await freshPostgres(adminUrl, 'lm_bench_votes') : '';
  const port = 5097;
  const base = `http://127.0.0.1:${port}`;
  const server = startServer({
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL: `http://localhost:${port}`,
    MEDIA_MODE: 'none',
    DATABASE_URL: databaseUrl,
    OTP_SEND_LIMIT_PER_IP: '1000000',
    API_RATE_LIMIT_PER_MINUTE: '100000000',
  });
  const post = (url: string, body: object, cookie?: string) =>
    fetch(base + url, { method: 'POST', headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) }, body: JSON.stringify(body) });
  const signIn = (phoneNumber: string) => signInAt(base, phoneNumber, 'Voter');
  try {
    await waitFor(`${base}/api/health`);
    const owner = await signIn('7888888888');
    await post('/api/sellers', { storeName: 'Vote Bench', description: 'Poll burst benchmark', category: 'fashion' }, owner);
    const stream = (await (await post('/api/streams', { title: 'Vote burst' }, owner)).json()) as { id: string };
    const poll = (await (await post(`/api/streams/${stream.id}/polls`, { question: 'Gold or silver?', options: ['Gold', 'Silver'], durationMinutes: 600 }, owner)).json()) as {
      id: string;
      options: Array<{ id: string }>;
    };

    const cookies: string[] = [];
    for (let i = 0; i < voters; i += 50) {
      cookies.push(...(await Promise.all(Array.from({ length: Math.min(50, voters - i) }, (_, j) => signIn(`6${String(100000000 + i + j)}`.slice(0, 10))))));
    }

    // Every voter has the stream open, as on a phone: the page's signed-in calls came before the vote.
    for (let i = 0; i < voters; i += 100) {
      await Promise.all(cookies.slice(i, i + 100).map((cookie) => fetch(`${base}/api/streams/${stream.id}`, { headers: { cookie } }).then((r) => r.arrayBuffer())));
    }

    // The burst: every voter once, spread over one second, plus a second try from the first 100 voters.
    const latencies: number[] = [];
    const statuses: Record<number, number> = {};
    const started = performance.now();
    const vote = async (cookie: string, i: number, delayMs: number) => {
      await new Promise((r) => setTimeout(r, delayMs));
      const t0 = performance.now();
      // A connection refused under the burst is retried, as a phone would; a retried vote that had
      // already landed answers 409, and the count below still has to be exact.
      for (let attempt = 0; ; attempt++) {
        try {
          const res = await post(`/api/polls/${poll.id}/vote`, { optionId: poll.options[i % 2]!.id }, cookie);
          statuses[res.status] = (statuses[res.status] ?? 0) + 1;
          break;
        } catch (error) {
          if (attempt >= 5) throw error;
          statuses[0] = (statuses[0] ?? 0) + 1;
          await new Promise((r) => setTimeout(r, 50 * (attempt + 1)));
        }
      }
      latencies.push(performance.now() - t0);
    };
    await Promise.all([...cookies.map((c, i) => vote(c, i, (i / voters) * 1000)), ...cookies.slice(0, 100).map((c, i) => vote(c, i, 500 + i * 5))]);
    const burstSeconds = (performance.now() - started) / 1000;
    const active = (await (await fetch(`${base}/api/streams/${stream.id}/poll/active`)).json()) as { options: Array<{ votes: unknown[] }> };
    const counted = active.options.reduce((sum, o) => sum + o.votes.length, 0);
    latencies.sort((a, b) => a - b);

    // 2,000 viewers refetching every 2 s: 1,000 requests/s against the active-poll call.
    const cpu0 = processUsage(server.pid!).cpuSeconds;
    const load = await autocannon({ url: `${base}/api/streams/${stream.id}/poll/active`, connections: 50, overallRate: 1000, duration: 10 });
    const cpu = Math.round(((processUsage(server.pid!).cpuSeconds - cpu0) / 10) * 100);

    return {
      database: databaseUrl ? 'postgresql' : 'pglite',
      voters,
      burstSeconds: Math.round(burstSeconds * 100) / 100,
      statuses,
      counted,
      countedExactlyOnce: counted === voters && statuses[201] === voters,
      connectionRetries: statuses[0] ?? 0,
      voteLatencyMs: { p50: Math.round(percentile(latencies, 50)), p99: Math.round(percentile(latencies, 99)) },
      activePollAt1000rps: { requestsPerSecond: Math.round(load.requests.average), p99Ms: load.latency.p99, errors: load.errors + load.non2xx, serverCpuPercent: cpu },
      pass: counted === voters && statuses[201] === voters,
    };
  } finally {
    await stop(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
