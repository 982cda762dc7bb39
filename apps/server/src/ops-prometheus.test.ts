import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMediaServer, type MediaServer } from '@live-market/media';
import { readEnv } from './config/env.js';
import { buildTestApp, type TestApp } from './testing/test-app.js';

// Decision 053: a real Prometheus (Debian's, from the same package as promtool) scrapes a real app with
// deploy/prometheus/prometheus.yml — only the target and the intervals changed — and evaluates
// alerts.yml and every dashboard query. Names are checked elsewhere; this catches wrong label names,
// a route label that is the raw URL, and expressions Prometheus refuses on real series.
const env = readEnv();
const root = path.resolve(import.meta.dirname, '../../..');
const binary = spawnSync('sh', ['-c', 'command -v prometheus'], { encoding: 'utf8' }).stdout.trim();
const dashboard = JSON.parse(readFileSync(path.join(root, 'deploy/grafana/livemarket.json'), 'utf8')) as {
  panels: Array<{ type: string; title: string; targets?: Array<{ expr: string }> }>;
};

interface Answer<T> {
  status: string;
  error?: string;
  data: T;
}
type Vector = { result: Array<{ metric: Record<string, string>; value: [number, string] }> };
type Rules = { groups: Array<{ rules: Array<{ name: string; health: string; lastError?: string }> }> };

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const until = async (what: string, check: () => Promise<boolean>, ms = 30_000) => {
  for (const deadline = Date.now() + ms; Date.now() < deadline; await new Promise((r) => setTimeout(r, 250))) if (await check().catch(() => false)) return;
  throw new Error(`timed out waiting for ${what}`);
};

describe.skipIf(!binary && !env.CI)('Prometheus with deploy/prometheus on a running app', () => {
  let t: TestApp;
  let media: MediaServer;
  let prometheus: ChildProcess;
  let api: string;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'lm-prometheus-'));
  const get = async <T>(url: string) => (await (await fetch(`${api}${url}`)).json()) as Answer<T>;
  const query = (expr: string) => get<Vector>(`/api/v1/query?query=${encodeURIComponent(expr)}`);
  const traffic = () =>
    Promise.all([
      t.app.inject({ method: 'GET', url: '/api/health' }),
      t.app.inject({ method: 'GET', url: '/api/products/7d0f6f43-3a5b-4f55-9d0e-1a1a2b2c3d4e' }),
      t.app.inject({ method: 'GET', url: '/no/such/page/12345' }),
    ]);

  beforeAll(async () => {
    media = await createMediaServer({ workers: 1 });
    t = await buildTestApp({ METRICS_PORT: '0' }, media);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const metrics = await t.app.metricsAddress();
    if (!metrics) throw new Error('/metrics is not being served');

    const config = readFileSync(path.join(root, 'deploy/prometheus/prometheus.yml'), 'utf8')
      .replace(/scrape_interval: 15s/, 'scrape_interval: 1s')
      .replace(/evaluation_interval: 15s/, 'evaluation_interval: 1s')
      .replace(/scrape_timeout: 10s/, 'scrape_timeout: 1s')
      .replace(/- alerts\.yml/, `- ${path.join(root, 'deploy/prometheus/alerts.yml')}`)
      .replace(/targets: \['127\.0\.0\.1:9464'[^\]]*\]/, `targets: ['${metrics.host}:${metrics.port}']`);
    expect(config).toContain(`${metrics.host}:${metrics.port}`);
    writeFileSync(path.join(dir, 'prometheus.yml'), config);
    const port = await freePort();
    api = `http://127.0.0.1:${port}`;
    prometheus = spawn(binary || 'prometheus', [`--config.file=${path.join(dir, 'prometheus.yml')}`, `--storage.tsdb.path=${path.join(dir, 'data')}`, `--web.listen-address=127.0.0.1:${port}`], { stdio: 'ignore' });

    await until('the app scraped', async () => (await query('up{job="livemarket"} == 1')).data.result.length === 1);
    // Requests between scrapes, so rate() has counters that moved.
    for (let i = 0; i < 4; i++) {
      await traffic();
      await new Promise((r) => setTimeout(r, 1100));
    }
    await until('every rule evaluated', async () => (await get<Rules>('/api/v1/rules')).data.groups.flatMap((g) => g.rules).every((r) => r.health !== 'unknown'));
  }, 90_000);

  afterAll(async () => {
    prometheus?.kill('SIGTERM');
    if (prometheus && prometheus.exitCode === null) await new Promise((resolve) => prometheus.once('exit', resolve));
    await t?.close();
    await media?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('evaluates every alert rule without an error', async () => {
    const rules = (await get<Rules>('/api/v1/rules')).data.groups.flatMap((g) => g.rules);
    const file = readFileSync(path.join(root, 'deploy/prometheus/alerts.yml'), 'utf8');
    expect(rules.length).toBe([...file.matchAll(/^\s*- alert:/gm)].length);
    expect(rules.filter((r) => r.health !== 'ok').map((r) => `${r.name}: ${r.lastError}`)).toEqual([]);
  });

  it('labels requests by route pattern, method and status code', async () => {
    const { data } = await query('sum by (method, route, status_code) (http_request_duration_seconds_count{job="livemarket"})');
    const seen = data.result.map((r) => `${r.metric.method} ${r.metric.route} ${r.metric.status_code}`);
    expect(seen).toContain('GET /api/health 200');
    expect(seen).toContain('GET /api/products/:id 401');
    expect(seen.some((s) => s.includes('/no/such/page'))).toBe(false);
  });

  it('answers every dashboard query, with data where the app always has some', async () => {
    const alwaysThere = ['Requests per second by route', 'p99 latency by route', 'Instances up', 'Event-loop lag p99', 'CPU', 'Memory', 'Database pool', 'WebSocket connections', 'Media nodes up', 'Viewers per media node', 'Packet loss per media node'];
    const empty: string[] = [];
    for (const panel of dashboard.panels.filter((p) => p.type !== 'row')) {
      for (const target of panel.targets ?? []) {
        const answer = await query(target.expr.replaceAll('$__rate_interval', '30s').replaceAll('$instance', '.*'));
        expect(answer.status, `${panel.title}: ${answer.error}`).toBe('success');
        if (alwaysThere.includes(panel.title) && answer.data.result.length === 0) empty.push(`${panel.title}: ${target.expr}`);
      }
    }
    expect(empty).toEqual([]);
  });
});
