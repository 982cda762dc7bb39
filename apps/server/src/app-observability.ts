import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import promClient, { Registry } from 'prom-client';
import type { MediaServer } from '@live-market/media';
import type { Database } from './db/client.js';
import type { JobQueue } from './jobs/queue.js';
import { registerBusinessGauges } from './metrics/business.js';
import { registerHttpMetrics, type RouteDurations } from './metrics/http.js';
import { createOutcomeMetrics, type OutcomeMetrics } from './metrics/outcomes.js';
import { registerRuntimeMetrics } from './metrics/runtime.js';
import { createMetricsServer } from './metrics/server.js';
import { registerHealth } from './plugins/health.js';
import type { Hub } from './realtime/hub.js';

export { createOutcomeMetrics, type OutcomeMetrics };

// Issue 30: what an operator sees of a running instance — the Prometheus registry and its own port.
export interface ObservabilityDeps {
  database: Database;
  redis?: Redis;
  hub: Hub;
  media: MediaServer | null;
  jobs: JobQueue;
  /** Counted where payments, payouts and carrier events happen; made before those modules. */
  outcomes?: OutcomeMetrics;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** This app's Prometheus registry (never prom-client's global one: tests build many apps in a process). */
    metrics: Registry;
    /** Where /metrics is served once the app listens (after its attempt settled); null before, when off, or when its port was taken. */
    metricsAddress(): Promise<{ host: string; port: number } | null>;
  }
}

// Requests no route matched share one label: a scanner's thousand URLs must not make a thousand series.
const UNKNOWN_ROUTE = '__unknown__';

/** /api/health on the public port (for the load balancer), and the metrics. */
export async function registerObservability(app: FastifyInstance, deps: ObservabilityDeps): Promise<RouteDurations> {
  registerHealth(app, deps.database.db, deps.redis);
  const registry = new Registry();
  app.decorate('metrics', registry);
  promClient.collectDefaultMetrics({ register: registry });
  // Per-route rate, errors and latency (issue 30), timed by Fastify itself (issue 31).
  const durations = registerHttpMetrics(app, registry, UNKNOWN_ROUTE);
  registerRuntimeMetrics(registry, { database: deps.database, redis: deps.redis, hub: deps.hub, media: deps.media, log: app.log });
  registerBusinessGauges(registry, deps.database, app.log);
  (deps.outcomes ?? createOutcomeMetrics()).register(registry);

  // On the public port /metrics is a plain 404, not the web app's page that unknown paths get: a
  // scraper pointed at the wrong port learns so at once.
  app.get('/metrics', (_request, reply) => reply.code(404).send({ message: 'Not Found' }));

  const server = createMetricsServer(registry, app.log);
  app.decorate('metricsAddress', server.address);
  const settings = app.config.metrics;
  // onListen: tests that only inject requests never bind a port.
  if (settings) app.addHook('onListen', () => server.start(settings.host, settings.port));
  app.addHook('onClose', () => server.close());
  return durations;
}
