import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Registry } from 'prom-client';

// Issue 30's per-route latency, timed for ~0.2 µs a request (issue 31). fastify-metrics made a timer
// in an onRequest hook, kept it in a WeakMap, and on the response built a labels object that
// prom-client validated and hashed again each time: ~3 µs of a 20 µs request. Fastify already
// times every reply (reply.elapsedTime), so one onResponse hook counts it into a series found by a
// plain string key. The exposition is prom-client's own histogram format, same name, labels and
// buckets, so dashboards and alerts read it unchanged.

export const HTTP_DURATION = 'http_request_duration_seconds';
const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
// Not timed, as fastify-metrics did not: cheap probes that would only dilute the figures.
const UNTIMED = new Set(['HEAD', 'OPTIONS', 'TRACE', 'CONNECT']);

interface Series {
  labels: { method: string; route: string; status_code: number };
  /** Observations per bucket (not cumulative); the last slot is above the largest bound. */
  counts: number[];
  sum: number;
  count: number;
}

type Labels = Record<string, string | number>;
type Value = { labels: Labels; sharedLabels: Labels; value: number; metricName: string; exemplar?: null };

/** A histogram per (method, route pattern, status) in prom-client's Registry contract (get/getForPromString/reset). */
export class RouteDurations {
  readonly name = HTTP_DURATION;
  readonly help = 'request duration in seconds';
  readonly type = 'histogram';
  readonly aggregator = 'sum';
  // Route pattern → method → status: the route and method strings are the same objects on every
  // request (their hashes kept), so no key is built per request.
  private byRoute = new Map<string, Map<string, Map<number, Series>>>();
  private series: Series[] = [];

  observe(method: string, route: string, status: number, seconds: number) {
    let byMethod = this.byRoute.get(route);
    if (!byMethod) this.byRoute.set(route, (byMethod = new Map()));
    let byStatus = byMethod.get(method);
    if (!byStatus) byMethod.set(method, (byStatus = new Map()));
    let series = byStatus.get(status);
    if (!series) {
      series = { labels: { method, route, status_code: status }, counts: new Array<number>(BUCKETS.length + 1).fill(0), sum: 0, count: 0 };
      byStatus.set(status, series);
      this.series.push(series);
    }
    let i = 0;
    while (i < BUCKETS.length && seconds > BUCKETS[i]!) i++;
    series.counts[i]! += 1;
    series.sum += seconds;
    series.count += 1;
  }

  reset() {
    this.byRoute.clear();
    this.series = [];
  }

  /** As prom-client's Histogram gives it to the text exposition: `le` first, then the series' labels. */
  getForPromString() {
    const values: Value[] = [];
    const bucket = `${this.name}_bucket`;
    for (const s of this.series) {
      let cumulative = 0;
      BUCKETS.forEach((le, i) => {
        cumulative += s.counts[i]!;
        values.push({ labels: { le }, sharedLabels: s.labels, value: cumulative, metricName: bucket, exemplar: null });
      });
      values.push({ labels: { le: '+Inf' }, sharedLabels: s.labels, value: s.count, metricName: bucket, exemplar: null });
      values.push({ labels: {}, sharedLabels: s.labels, value: s.sum, metricName: `${this.name}_sum` });
      values.push({ labels: {}, sharedLabels: s.labels, value: s.count, metricName: `${this.name}_count` });
    }
    return { name: this.name, help: this.help, type: this.type, values, aggregator: this.aggregator };
  }

  /** As prom-client's Histogram.get(): the labels merged (getMetricsAsJSON). */
  get() {
    const data = this.getForPromString();
    return { ...data, values: data.values.map(({ labels, sharedLabels, ...rest }) => ({ ...rest, labels: { ...labels, ...sharedLabels } })) };
  }
}

/** Times every request on its route pattern (`unknownRoute` for URLs no route matched) into the registry. */
export function registerHttpMetrics(app: FastifyInstance, registry: Registry, unknownRoute: string): RouteDurations {
  const durations = new RouteDurations();
  registry.registerMetric(durations as unknown as Parameters<Registry['registerMetric']>[0]);
  app.addHook('onResponse', (request: FastifyRequest, reply: FastifyReply, done) => {
    if (!UNTIMED.has(request.method)) durations.observe(request.method, request.routeOptions.url ?? unknownRoute, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
  return durations;
}
