import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readEnv } from '../config/env.js';
import { createTestDatabase } from '../testing/test-app.js';

// The real server (node --import tsx src/server.ts) with traces sent to a collector of our own (which
// is also its OTP webhook, so the code is read there and the server calls out through undici): a
// signed-in visit shows up as route spans, with pg and ioredis spans inside them on the PostgreSQL
// pass, and nothing exported carries the phone number, the code or the session.
const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const PHONE = '9811176543';
const UNDELIVERED_PHONE = '9811176500';

interface Span {
  name: string;
  traceId: string;
  scope: string;
  status: { code?: number; message?: string };
  attributes: Record<string, unknown>;
}

const bodies: Buffer[] = [];
const codes: { to: string; code: string }[] = [];
let failNextOtp = true;
const collector = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    if (req.method === 'POST' && req.url === '/v1/traces') bodies.push(Buffer.concat(chunks));
    if (req.method === 'POST' && req.url === '/otp') {
      // The first code cannot be delivered: the server logs that, inside the request.
      if (failNextOtp) return void ((failNextOtp = false), res.writeHead(500).end());
      codes.push(JSON.parse(Buffer.concat(chunks).toString()) as { to: string; code: string });
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
});

function spansOf(body: Buffer): Span[] {
  type Value = { stringValue?: string; intValue?: string; boolValue?: boolean };
  type Otlp = { resourceSpans: { scopeSpans: { scope: { name: string }; spans: { name: string; traceId: string; status?: { code?: number; message?: string }; attributes?: { key: string; value: Value }[] }[] }[] }[] };
  const otlp = JSON.parse(body.toString()) as Otlp;
  return otlp.resourceSpans.flatMap((rs) =>
    rs.scopeSpans.flatMap((ss) =>
      ss.spans.map((s) => ({
        name: s.name,
        traceId: s.traceId,
        scope: ss.scope.name,
        status: s.status ?? {},
        attributes: Object.fromEntries((s.attributes ?? []).map((a) => [a.key, a.value.stringValue ?? a.value.intValue ?? a.value.boolValue])),
      })),
    ),
  );
}

// Every string a person could read in the export, leaving out ids and timestamps (hex and digits,
// where a six-digit code could turn up by chance).
function textsOf(value: unknown, key = ''): string[] {
  if (/^(traceId|spanId|parentSpanId|\w*UnixNano)$/.test(key)) return [];
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap((v) => textsOf(v));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => textsOf(v, k));
  return [];
}

async function freePort(): Promise<number> {
  const probe = http.createServer();
  await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
  const { port } = probe.address() as AddressInfo;
  await new Promise((r) => probe.close(r));
  return port;
}

const env = readEnv();
describe('traces of the running server', () => {
  let server: ChildProcess;
  let dataDir: string;
  let dropDatabase = async () => {};
  let code = '';
  let failedRequestId = '';
  const logLines: Record<string, unknown>[] = [];
  let cookieValues: string[] = [];
  let spans: Span[] = [];

  beforeAll(async () => {
    await new Promise<void>((r) => collector.listen(0, '127.0.0.1', r));
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'lm-traces-'));
    // On the PostgreSQL pass the server gets a fresh database of its own (never the shared one).
    let databaseUrl = '';
    if (env.DATABASE_URL) {
      const made = await createTestDatabase();
      await made.database.close();
      databaseUrl = made.url!;
      dropDatabase = made.drop;
    }
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    server = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: SERVER_DIR,
      env: {
        ...env,
        NODE_ENV: 'development',
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: base,
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl,
        REDIS_URL: env.REDIS_URL ?? '',
        REDIS_PREFIX: `lm-traces-${process.pid}:`,
        METRICS_PORT: 'off',
        MEDIA_MODE: 'none',
        SEED_DEMO_DATA: 'false',
        OTP_DELIVERY: 'webhook',
        OTP_WEBHOOK_URL: `http://127.0.0.1:${(collector.address() as AddressInfo).port}/otp`,
        LOG_LEVEL: 'warn',
        OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${(collector.address() as AddressInfo).port}`,
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let pending = '';
    server.stdout!.on('data', (chunk: Buffer) => {
      const lines = (pending + chunk.toString()).split('\n');
      pending = lines.pop()!;
      for (const line of lines) if (line.startsWith('{')) logLines.push(JSON.parse(line) as Record<string, unknown>);
    });
    for (let i = 0; !(await fetch(`${base}/api/health`).then((r) => r.ok, () => false)); i++) {
      if (i > 500 || server.exitCode !== null) throw new Error('the server did not start');
      await new Promise((r) => setTimeout(r, 100));
    }

    const post = (url: string, body: object) => fetch(`${base}${url}`, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
    const undelivered = await post('/api/login/start', { method: 'phone', phoneNumber: UNDELIVERED_PHONE });
    expect(undelivered.status).toBe(502);
    failedRequestId = undelivered.headers.get('x-request-id')!;
    expect((await post('/api/login/start', { method: 'phone', phoneNumber: PHONE })).status).toBe(200);
    code = codes.find((c) => c.to === `+91${PHONE}`)!.code;
    // A body that is not JSON: the parser's error message quotes it.
    const malformed = await fetch(`${base}/api/login/start`, { method: 'POST', body: `x${PHONE}`, headers: { 'content-type': 'application/json' } });
    expect(malformed.status).toBe(400);
    const verified = await post('/api/login/verify', { method: 'phone', phoneNumber: PHONE, code });
    expect(verified.status).toBe(200);
    const cookies = verified.headers.getSetCookie().map((c) => c.split(';')[0]!);
    cookieValues = cookies.map((c) => c.slice(c.indexOf('=') + 1)).filter((v) => v.length > 8);
    expect(cookieValues.length).toBeGreaterThan(0);
    // A query string can carry anything a client puts there; here, the phone number.
    const me = await fetch(`${base}/api/auth/user?phone=${PHONE}`, { headers: { cookie: cookies.join('; ') } });
    expect(me.status).toBe(200);

    // Shutting down sends the spans still in the batch.
    const exited = new Promise((r) => server.once('exit', r));
    server.kill('SIGTERM');
    await exited;
    spans = bodies.flatMap(spansOf);
  }, 90_000);

  afterAll(async () => {
    if (server && server.exitCode === null && server.signalCode === null) server.kill('SIGKILL');
    collector.close();
    rmSync(dataDir, { recursive: true, force: true });
    await dropDatabase();
  });

  it('names request spans by route pattern, without the path or its query', () => {
    const route = (name: string) => spans.find((s) => s.scope === '@fastify/otel' && s.name === name);
    expect(route('POST /api/login/start')?.attributes['http.route']).toBe('/api/login/start');
    expect(Number(route('POST /api/login/verify')?.attributes['http.response.status_code'])).toBe(200);
    expect(route('GET /api/auth/user')?.attributes['http.route']).toBe('/api/auth/user');
    for (const s of spans) expect(Object.keys(s.attributes).filter((k) => k === 'url.path' || k === 'url.query')).toEqual([]);
    for (const s of spans) expect(s.name, s.name).not.toContain('?');
  });

  it('keeps that a request failed, not the text of its error', () => {
    const failed = spans.find((s) => s.name === 'POST /api/login/start' && Number(s.attributes['http.response.status_code']) === 400);
    // Fastify's 'Body is not valid JSON' here; a parser's or PostgreSQL's message could quote the input.
    expect(failed?.status.code).toBe(2);
    expect(failed?.status.message).toBeUndefined();
  });

  it('calls out (the OTP webhook) with a span naming the service, not the URL', () => {
    const calls = spans.filter((s) => s.scope === '@opentelemetry/instrumentation-undici');
    expect(calls.length).toBeGreaterThan(0);
    for (const call of calls) expect(call.attributes['url.full']).toBe(`http://127.0.0.1:${(collector.address() as AddressInfo).port}`);
  });

  it('writes the request id and the trace id on the log line of a failed request', () => {
    const line = logLines.find((l) => l.reqId === failedRequestId);
    const failed = spans.find((s) => s.name === 'POST /api/login/start' && Number(s.attributes['http.response.status_code']) === 502);
    expect(line?.traceId).toBeDefined();
    expect(line?.traceId).toBe(failed?.traceId);
  });

  it.runIf(env.DATABASE_URL)('has the SQL of a request inside its trace, with placeholders and no values', () => {
    const verify = spans.find((s) => s.name === 'POST /api/login/verify')!;
    const queries = spans.filter((s) => s.scope === '@opentelemetry/instrumentation-pg' && s.traceId === verify.traceId && s.attributes['db.query.text']);
    expect(queries.length).toBeGreaterThan(0);
    expect(queries.some((q) => String(q.attributes['db.query.text']).includes('$1'))).toBe(true);
  });

  it.runIf(env.REDIS_URL)('has the Redis commands of a request by name only', () => {
    const start = spans.find((s) => s.name === 'POST /api/login/start')!;
    const commands = spans.filter((s) => s.scope === '@opentelemetry/instrumentation-ioredis' && s.traceId === start.traceId);
    expect(commands.length).toBeGreaterThan(0);
    for (const c of commands) expect(String(c.attributes['db.query.text'])).toMatch(/^[a-z]+$/);
  });

  it('exports no phone number, sign-in code or session cookie', () => {
    const raw = Buffer.concat(bodies).toString();
    expect(raw.length).toBeGreaterThan(0);
    for (const secret of [PHONE, `+91${PHONE}`, UNDELIVERED_PHONE, ...cookieValues, ...cookieValues.map(decodeURIComponent)]) expect(raw).not.toContain(secret);
    const texts = bodies.flatMap((b) => textsOf(JSON.parse(b.toString())));
    expect(texts.filter((t) => t.includes(code))).toEqual([]);
  });
});
