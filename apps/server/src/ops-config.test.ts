import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMediaServer, type MediaServer } from '@live-market/media';
import { readEnv } from './config/env.js';
import { CONTRACT_METRICS } from './metrics/names.js';
import { buildTestApp, type TestApp } from './testing/test-app.js';

// Decision 053: deploy/prometheus and deploy/grafana are checked against the app itself. promtool
// validates the rules and the scrape config and runs the alerts' unit tests; every metric an alert or
// a dashboard panel reads must be one this app exports (a renamed metric would leave an alert silent).
const root = path.resolve(import.meta.dirname, '../../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
const env = readEnv();
const promtool = spawnSync('sh', ['-c', 'command -v promtool'], { encoding: 'utf8' }).stdout.trim();

// The contract between the metrics and these files (issue 30): each must be exported and on the dashboard.
const CONTRACT: readonly string[] = CONTRACT_METRICS;
const REDIS_ONLY = ['livemarket_redis_up'];
// Prometheus's own series for each target, not the app's.
const SCRAPE_SERIES = new Set(['up']);

const FUNCTIONS = new Set(
  ('abs absent absent_over_time avg avg_over_time bottomk ceil changes clamp clamp_max clamp_min count count_over_time ' +
    'count_values day_of_month day_of_week delta deriv exp floor group histogram_quantile holt_winters hour idelta ' +
    'increase irate label_join label_replace last_over_time ln log10 log2 max max_over_time min min_over_time minute ' +
    'month predict_linear quantile quantile_over_time rate resets round scalar sgn sort sort_desc sqrt stddev ' +
    'stddev_over_time stdvar sum sum_over_time time timestamp topk vector year').split(' '),
);
const KEYWORDS = new Set(['and', 'or', 'unless', 'bool', 'offset', 'by', 'without', 'on', 'ignoring', 'group_left', 'group_right', 'inf', 'nan']);

/** The metric names a PromQL expression reads (labels, functions, keywords, ranges and Grafana variables left out). */
export function metricNames(expr: string): string[] {
  const bare = expr
    .replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|`[^`]*`/g, '""')
    .replace(/\{[^}]*\}/g, ' ')
    .replace(/\[[^\]]*\]/g, ' ')
    .replace(/\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, ' ')
    .replace(/\$\{?\w+\}?/g, ' ')
    .replace(/\boffset\s+-?\w+/g, ' ')
    .replace(/(^|[^\w:])\d+(\.\d+)?(e[+-]?\d+)?/gi, '$1 ');
  const names = new Set<string>();
  for (const match of bare.matchAll(/[a-zA-Z_:][\w:]*(\s*\()?/g)) {
    const name = match[0].replace(/\s*\($/, '');
    if (match[1] || FUNCTIONS.has(name) || KEYWORDS.has(name.toLowerCase())) continue;
    names.add(name);
  }
  return [...names];
}

interface Rule {
  alert: string;
  expr: string;
  labels: Record<string, string>;
  annotations: Record<string, string>;
}

// The rules file's own shape (groups → rules → alert/expr/labels/annotations), read line by line: the
// server has no YAML parser, and promtool's count of rules (below) proves none was missed.
export function readRules(text: string): Rule[] {
  const rules: Rule[] = [];
  const lines = text.split('\n');
  let section: 'labels' | 'annotations' | null = null;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const indent = line.search(/\S/);
    const start = /^\s*- alert:\s*(\S+)/.exec(line);
    if (start) {
      rules.push({ alert: start[1]!, expr: '', labels: {}, annotations: {} });
      section = null;
      continue;
    }
    const rule = rules.at(-1);
    if (!rule || indent < 0 || line.trim().startsWith('#')) continue;
    const entry = /^\s*(\w+):\s*(.*)$/.exec(line);
    if (!entry) continue;
    const [, key, value] = entry as unknown as [string, string, string];
    if (key === 'expr') {
      section = null;
      if (value === '|' || value === '>') {
        const body: string[] = [];
        while (i + 1 < lines.length && (lines[i + 1]!.trim() === '' || lines[i + 1]!.search(/\S/) > indent)) body.push(lines[++i]!.trim());
        rule.expr = body.join(' ').trim();
      } else rule.expr = value;
    } else if (key === 'labels' || key === 'annotations') section = key;
    else if (section && value) rule[section][key] = value.replace(/^"(.*)"$/, '$1');
    else section = null;
  }
  return rules;
}

interface Panel {
  type: string;
  title: string;
  datasource?: { uid: string };
  targets?: { expr: string }[];
}
const dashboard = JSON.parse(read('deploy/grafana/livemarket.json')) as { panels: Panel[]; templating: { list: { query: { query: string } }[] } };
const queryPanels = dashboard.panels.filter((p) => p.type !== 'row');
const dashboardExprs = [...queryPanels.flatMap((p) => (p.targets ?? []).map((t) => t.expr)), ...dashboard.templating.list.map((v) => v.query.query.replace(/^label_values\((.*),\s*\w+\)$/, '$1'))];
const rules = readRules(read('deploy/prometheus/alerts.yml'));

describe('PromQL names and the rules file, as these tests read them', () => {
  it('finds metric names and nothing else', () => {
    expect(
      metricNames('histogram_quantile(0.99, sum by (le, route) (rate(http_request_duration_seconds_bucket{job="x", route!="/ws"}[$__rate_interval]))) > 1 and on(instance) up == 0'),
    ).toEqual(['http_request_duration_seconds_bucket', 'up']);
    expect(metricNames('max(livemarket_refund_oldest_pending_age_seconds{job="livemarket"}) > 2 * 86400')).toEqual(['livemarket_refund_oldest_pending_age_seconds']);
    expect(metricNames('sum(rate(a_total[5m])) by (queue) / ignoring(x) sum(b) offset 5m')).toEqual(['a_total', 'b']);
  });

  it('reads every rule with its expression, labels and annotations', () => {
    expect(rules.length).toBeGreaterThanOrEqual(10);
    for (const rule of rules) {
      expect(rule.expr, rule.alert).not.toBe('');
      expect(['critical', 'warning'], rule.alert).toContain(rule.labels.severity);
      expect(Object.keys(rule.annotations).sort(), rule.alert).toEqual(['description', 'runbook_url', 'summary']);
    }
  });
});

// CI installs prometheus (promtool): there a missing promtool fails; a developer without it is told so.
describe.skipIf(!promtool && !env.CI)('promtool on deploy/prometheus', () => {
  const run = (...args: string[]) => spawnSync(promtool || 'promtool', args, { cwd: path.join(root, 'deploy/prometheus'), encoding: 'utf8', timeout: 60_000 });

  it('checks the rules, and counts as many as this test reads', () => {
    const result = run('check', 'rules', 'alerts.yml');
    expect(result.error).toBeUndefined();
    expect(result.status, result.stdout + result.stderr).toBe(0);
    expect(result.stdout).toContain(`SUCCESS: ${rules.length} rules found`);
  });

  it('checks the scrape config with its rule files', () => {
    const result = run('check', 'config', 'prometheus.yml');
    expect(result.status, result.stdout + result.stderr).toBe(0);
    expect(result.stdout).toContain('SUCCESS: 1 rule files found');
  });

  it('passes the alerts’ unit tests', () => {
    const result = run('test', 'rules', 'alerts.test.yml');
    expect(result.status, result.stdout + result.stderr).toBe(0);
    expect(result.stdout).toContain('SUCCESS');
  });
});

describe('alerts and runbook', () => {
  const runbook = read('docs/operations.md');
  const tests = read('deploy/prometheus/alerts.test.yml');

  it('points every alert at its own section of docs/operations.md', () => {
    // GitHub's anchors: a heading lowercased, punctuation dropped, spaces to dashes.
    const anchors = new Set([...runbook.matchAll(/^#+\s+(.+)$/gm)].map((m) => m[1]!.toLowerCase().replace(/[^\w\- ]/g, '').replace(/ /g, '-')));
    for (const rule of rules) {
      expect(rule.annotations.runbook_url).toBe(`docs/operations.md#${rule.alert.toLowerCase()}`);
      expect(anchors, rule.alert).toContain(rule.alert.toLowerCase());
    }
  });

  it('has a unit test where each alert fires and one where it stays quiet', () => {
    for (const rule of rules) {
      const cases = [...tests.matchAll(new RegExp(`alertname: ${rule.alert}\\n\\s+exp_alerts:( \\[\\])?`, 'g'))];
      expect(cases.some((c) => !c[1]), `${rule.alert} fires`).toBe(true);
      expect(cases.some((c) => c[1]), `${rule.alert} stays quiet`).toBe(true);
    }
  });
});

describe('every metric the alerts and the dashboard read is one the app exports', () => {
  let t: TestApp;
  let exported: Map<string, string>;
  let media: MediaServer;

  beforeAll(async () => {
    // The embedded SFU reports itself as a media node; Redis (when configured) adds livemarket_redis_up.
    media = await createMediaServer({ workers: 1 });
    t = await buildTestApp({}, media);
    exported = await exportedMetrics(t);
    // The app registers the Redis gauge only with Redis: the pass without REDIS_URL cannot see it, the
    // PostgreSQL + Redis pass checks it for real.
    if (!env.REDIS_URL) for (const name of REDIS_ONLY) exported.set(name, 'gauge');
  });
  afterAll(async () => {
    await t?.close();
    await media?.close();
  });

  // A histogram is read through its _bucket, _count and _sum series; a counter sometimes as itself.
  const known = (name: string) => {
    if (SCRAPE_SERIES.has(name) || exported.has(name)) return true;
    const base = /^(.*)_(bucket|count|sum)$/.exec(name)?.[1];
    return Boolean(base && ['histogram', 'summary'].includes(exported.get(base) ?? ''));
  };

  it('exports the contract', () => {
    expect(CONTRACT.filter((name) => !exported.has(name))).toEqual([]);
    expect(exported.get('http_request_duration_seconds')).toBe('histogram');
    expect(exported.get('livemarket_chat_fanout_seconds')).toBe('histogram');
    expect(exported.get('livemarket_payments_total')).toBe('counter');
  });

  it('alerts read only exported metrics', () => {
    const names = new Set(rules.flatMap((r) => metricNames(r.expr)));
    expect(names.size).toBeGreaterThanOrEqual(12);
    expect([...names].filter((n) => !known(n))).toEqual([]);
  });

  it('dashboard panels read only exported metrics, and show every area', () => {
    const names = new Set(dashboardExprs.flatMap(metricNames));
    expect([...names].filter((n) => !known(n))).toEqual([]);
    const base = (n: string) => n.replace(/_(bucket|count|sum)$/, '');
    expect(CONTRACT.filter((n) => ![...names].some((m) => m === n || base(m) === n))).toEqual([]);
  });

  it('every panel queries the provisioned Prometheus', () => {
    const uid = /uid:\s*(\S+)/.exec(read('deploy/grafana/provisioning/datasources/livemarket.yml'))![1];
    for (const panel of queryPanels) {
      expect(panel.datasource?.uid, panel.title).toBe(uid);
      expect(panel.targets?.length, panel.title).toBeGreaterThan(0);
    }
  });
});

// The names and types of the app's metrics, from its registry's Prometheus text (# TYPE lines: a
// metric with no samples yet is listed too).
async function exportedMetrics(t: TestApp): Promise<Map<string, string>> {
  const text = await t.app.metrics.metrics();
  return new Map([...text.matchAll(/^# TYPE (\S+) (\S+)$/gm)].map((m) => [m[1]!, m[2]!]));
}
