import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import WebSocket from 'ws';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SERVER_ENTRY = path.join(ROOT, 'apps/server/src/server.ts');

export async function waitFor(url: string, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

export function startServer(env: Record<string, string>, entry = SERVER_ENTRY): ChildProcess {
  // BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles the server under load.
  const extra = process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const args = [...extra, ...(entry.endsWith('.ts') ? ['--import', 'tsx', entry] : [entry])];
  return spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: 'warn', DATABASE_URL: '', REDIS_URL: '', ...env },
    stdio: ['ignore', process.env.BENCH_SERVER_STDOUT ? 'inherit' : 'ignore', 'inherit', 'ipc'],
  });
}

export async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

export async function load(url: string, seconds: number, connections = 50) {
  const result = await autocannon({ url, connections, duration: seconds, pipelining: 1 });
  return { requestsPerSecond: Math.round(result.requests.average), p99Ms: result.latency.p99, errors: result.errors + result.non2xx };
}

/** The value at percentile p of an ascending array (NaN when empty). */
export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** CPU seconds and resident memory of a process, from /proc (Linux). */
export function processUsage(pid: number) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  const ticks = Number(stat[11]) + Number(stat[12]);
  const rssPages = Number(stat[21]);
  return { cpuSeconds: ticks / 100, rssMB: Math.round((rssPages * 4096) / 1024 / 1024) };
}

/** Signs in by phone with the dev OTP the server answers with; resolves to the session's Cookie header. */
export async function signIn(base: string, phoneNumber: string, firstName: string): Promise<string> {
  const post = (p: string, body: object) =>
    fetch(base + p, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const { devCode } = (await (await post('/api/login/start', { method: 'phone', phoneNumber })).json()) as { devCode: string };
  const res = await post('/api/login/verify', { method: 'phone', phoneNumber, code: devCode, firstName });
  return res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
}

/** A WebSocket to the server's /ws with a session cookie and our own Origin, open. */
export function openSocket(url: string, cookie: string, origin: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers: { cookie, origin }, perMessageDeflate: false });
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
  });
}

/** BENCH_DATABASE_URL=postgres://…: a fresh database `name` on that server (dropped first), as a URL. */
export async function freshPostgres(adminUrl: string, name: string): Promise<string> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`drop database if exists ${name} with (force)`);
    await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
