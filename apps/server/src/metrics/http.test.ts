import Fastify from 'fastify';
import { Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { RouteDurations, registerHttpMetrics } from './http.js';

const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

describe('per-route request durations', () => {
  it("expose exactly what prom-client's own histogram gives for the same observations", async () => {
    const ours = new Registry();
    const durations = new RouteDurations();
    ours.registerMetric(durations as never);
    const reference = new Registry();
    const histogram = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'request duration in seconds',
      labelNames: ['method', 'route', 'status_code'],
      buckets: BUCKETS,
      registers: [reference],
    });
    const seen: Array<[string, string, number, number]> = [
      ['GET', '/api/streams/live', 200, 0.0004],
      ['GET', '/api/streams/live', 200, 0.005],
      ['GET', '/api/streams/live', 200, 0.0051],
      ['GET', '/api/streams/:id', 404, 0.3],
      ['POST', '/api/orders', 201, 12],
      ['GET', '__unknown__', 404, 2.5],
    ];
    for (const [method, route, status, seconds] of seen) {
      durations.observe(method, route, status, seconds);
      histogram.observe({ method, route, status_code: status }, seconds);
    }
    expect(await ours.metrics()).toBe(await reference.metrics());
    expect(await ours.getMetricsAsJSON()).toEqual(await reference.getMetricsAsJSON());
    durations.reset();
    histogram.reset();
    expect(await ours.metrics()).toBe(await reference.metrics());
  });

  it('time each answered request under its route pattern, unknown URLs under one label, HEAD not at all', async () => {
    const app = Fastify();
    const registry = new Registry();
    registerHttpMetrics(app, registry, '__unknown__');
    app.get('/api/things/:id', async (request, reply) => reply.code((request.params as { id: string }).id === 'x' ? 404 : 200).send({}));
    await app.inject({ url: '/api/things/1' });
    await app.inject({ url: '/api/things/2' });
    await app.inject({ url: '/api/things/x' });
    await app.inject({ url: '/api/nothing' });
    await app.inject({ method: 'HEAD', url: '/api/things/1' });
    const text = await registry.metrics();
    expect(text).toContain('http_request_duration_seconds_count{method="GET",route="/api/things/:id",status_code="200"} 2');
    expect(text).toContain('http_request_duration_seconds_count{method="GET",route="/api/things/:id",status_code="404"} 1');
    expect(text).toContain('http_request_duration_seconds_count{method="GET",route="__unknown__",status_code="404"} 1');
    expect(text).not.toContain('method="HEAD"');
    await app.close();
  });
});
