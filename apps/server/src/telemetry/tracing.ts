import { register } from 'node:module';
import { trace } from '@opentelemetry/api';
import { FastifyOtelInstrumentation } from '@fastify/otel';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { IORedisInstrumentation } from '@opentelemetry/instrumentation-ioredis';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { UndiciInstrumentation } from '@opentelemetry/instrumentation-undici';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, type Span, type SpanProcessor } from '@opentelemetry/sdk-trace-base';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { logTraceIds } from '../plugins/request-id.js';

// Issue 30 (decision 050): traces over OTLP/HTTP, only when OTEL_EXPORTER_OTLP_ENDPOINT is set. This
// module is imported by server.ts before the app, and only then: without traces nothing of it loads.
// Spans carry no personal data: SQL text without its values, Redis command names without their
// arguments, paths without query strings, no headers or bodies.

export interface Tracing {
  /** Sends the spans still waiting in the batch, then stops. */
  shutdown(): Promise<void>;
}

// What a span may not keep. Paths: the route pattern names a request, and a concrete path can hold
// a token (/api/cod-confirmations/:token), a pincode or whatever a scanner sends to a 404. Error text:
// a message can quote what a user sent (a parser quotes a bad body; PostgreSQL a bad value), so spans
// keep that an error happened and its kind only.
const scrubbing: SpanProcessor = {
  onStart() {},
  onEnding(span: Span) {
    const attributes = span.attributes as Record<string, unknown>;
    delete attributes['url.path'];
    delete attributes['url.query'];
    if (span.status.message !== undefined) span.setStatus({ code: span.status.code });
    for (const event of span.events) {
      const eventAttributes = event.attributes as Record<string, unknown> | undefined;
      if (eventAttributes) for (const key of ['exception.message', 'exception.stacktrace']) delete eventAttributes[key];
    }
  },
  onEnd() {},
  forceFlush: async () => {},
  shutdown: async () => {},
};

export function startTracing(traces: { endpoint: string; serviceName: string }): Tracing {
  // The app is ESM: pg and ioredis are patched as they are imported through import-in-the-middle's
  // loader hook (as @opentelemetry/instrumentation documents), kept to those two modules. CommonJS
  // requires of them (pg-boss's) are patched by require-in-the-middle.
  register('@opentelemetry/instrumentation/hook.mjs', import.meta.url, { data: { include: ['pg', 'pg-pool', 'ioredis'] } });

  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': traces.serviceName }),
    spanProcessors: [scrubbing, new BatchSpanProcessor(new OTLPTraceExporter({ url: `${traces.endpoint.replace(/\/+$/, '')}/v1/traces` }))],
  });
  provider.register();

  registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      new FastifyOtelInstrumentation({
        // Every Fastify instance gets the plugin as it is created, before any route is added.
        registerOnInitialization: true,
        // A span for the request and its handler; one per hook would multiply the cost of each request.
        instrumentHooks: false,
        // A thrown error's message can quote what a user typed; the status code and route say enough.
        recordExceptions: false,
        // Named by the route, not by the chain of plugins around an anonymous handler.
        lifecycleHook: (span, { hookName, request }) => span.updateName(`${hookName} ${request.routeOptions.url ?? ''}`.trim()),
        requestHook: (span, request) => {
          const route = request.routeOptions.url;
          span.updateName(route ? `${request.method} ${route}` : request.method);
        },
      }),
      // Only inside a request or another span: pg-boss polling and pub/sub would bury them otherwise.
      new PgInstrumentation({ requireParentSpan: true, enhancedDatabaseReporting: false }),
      new IORedisInstrumentation({ requireParentSpan: true, dbStatementSerializer: (command) => command }),
      new UndiciInstrumentation({
        // Push endpoints and webhook URLs carry device tokens and secrets in their paths and queries.
        startSpanHook: (request) => ({ 'url.full': request.origin }),
      }),
    ],
  });

  logTraceIds(() => trace.getActiveSpan()?.spanContext().traceId);
  return { shutdown: () => provider.shutdown() };
}
