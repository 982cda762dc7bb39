import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest, FastifyServerOptions } from 'fastify';

// Issue 30: every request has an id (the caller's x-request-id when it is a sane one), carried by
// every log line and every response (decision 050).

export const REQUEST_ID_HEADER = 'x-request-id';
// A caller's id goes into our logs and back out in a header: only short, plain ones are kept.
const SANE_ID = /^[A-Za-z0-9._:-]{1,64}$/;

type Bindings = Parameters<FastifyBaseLogger['child']>[0];
type ChildLoggerOptions = NonNullable<Parameters<FastifyBaseLogger['child']>[1]>;
type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
const write = (log: FastifyBaseLogger, level: Level, args: unknown[]) => (log[level] as (...a: unknown[]) => void).apply(log, args);

/**
 * request.log, made when first written to (issue 31). Fastify makes a pino child per request for it,
 * binding reqId; most requests never log, and that child was ~1 µs of each.
 */
class RequestLogger implements FastifyBaseLogger {
  private made: FastifyBaseLogger | null = null;
  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}
  /** The pino child, once made. */
  get pino(): FastifyBaseLogger | null {
    return this.made;
  }
  private get log(): FastifyBaseLogger {
    return (this.made ??= this.parent.child(this.bindings, this.options));
  }
  get level() {
    return this.log.level;
  }
  set level(level: string) {
    this.log.level = level;
  }
  fatal(...args: unknown[]) {
    write(this.log, 'fatal', args);
  }
  error(...args: unknown[]) {
    write(this.log, 'error', args);
  }
  warn(...args: unknown[]) {
    write(this.log, 'warn', args);
  }
  info(...args: unknown[]) {
    write(this.log, 'info', args);
  }
  debug(...args: unknown[]) {
    write(this.log, 'debug', args);
  }
  trace(...args: unknown[]) {
    write(this.log, 'trace', args);
  }
  silent(...args: unknown[]) {
    write(this.log, 'silent', args);
  }
  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.log.child(bindings, options);
  }
}

export function requestIdOptions(): Pick<FastifyServerOptions, 'requestIdHeader' | 'genReqId' | 'childLoggerFactory'> {
  return {
    childLoggerFactory: (logger, bindings, options) => new RequestLogger(logger, bindings, options),
    // Fastify would take any header value as it is; genReqId reads it and checks it first.
    requestIdHeader: false,
    genReqId: requestIdOf,
  };
}

/** The caller's x-request-id when it is a sane one, else a new id. */
export function requestIdOf(req: IncomingMessage): string {
  const given = req.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && SANE_ID.test(given) ? given : randomUUID();
}

// The request being served, for log lines written through app.log (or a logger handed to a service)
// rather than request.log. On Node 20 an enabled store puts async hooks on every promise, tick and
// socket write in the process, so it is enabled only while a request is being served: when the last
// one closes it is disabled, and the cached answers served in between (decision 057) do not pay for it.
const serving = new AsyncLocalStorage<FastifyRequest>();
let requestsServed = 0;
const requestClosed = () => {
  requestsServed -= 1;
  if (requestsServed === 0) serving.disable();
};
let activeTraceId: (() => string | undefined) | null = null;

/** Called by the telemetry start-up when traces are on: log lines then carry the trace id too. */
export function logTraceIds(read: (() => string | undefined) | null) {
  activeTraceId = read;
}

function logFields(_merge: object, _level: number, logger: FastifyBaseLogger): Record<string, string> {
  const fields: Record<string, string> = {};
  const request = serving.getStore();
  // request.log already binds reqId; any other logger gets it here.
  const own = request && (request.log instanceof RequestLogger ? request.log.pino : request.log);
  if (request && logger !== own) fields.reqId = request.id;
  const traceId = activeTraceId?.();
  if (traceId) fields.traceId = traceId;
  return fields;
}

// Fastify builds its pino logger in app.ts from the log level alone. pino reads the mixin from the
// logger (and its children, through the prototype) at every write, so it is set here on the root
// logger; pino exports no setter, hence the lookup by the symbol's description.
function addLogMixin(log: FastifyBaseLogger) {
  const mixin = Object.getOwnPropertySymbols(log).find((s) => s.description === 'pino.mixin');
  if (mixin) (log as unknown as Record<symbol, unknown>)[mixin] = logFields;
}

export async function registerRequestIds(app: FastifyInstance) {
  addLogMixin(app.log);
  app.addHook('onRequest', (request, reply, done) => {
    // On the reply, which Fastify keeps for every answer it sends (errors, 404s, 429s, files). Not on
    // the raw response: one header there sends every other through Node's slower merge at writeHead
    // (issue 31). A route that hijacks the reply copies it to the raw response itself (identity-routes.ts).
    reply.header(REQUEST_ID_HEADER, request.id);
    // A WebSocket lives for hours on its upgrade request, which never closes as a response does: its
    // lines name their user and stream instead.
    if (request.headers.upgrade !== undefined) return done();
    // 'close' comes once, whether the answer was sent, failed or the caller went away.
    requestsServed += 1;
    reply.raw.once('close', requestClosed);
    // Fastify carries this context across reading the body (an AsyncResource), into the handler.
    serving.run(request, done);
  });
}
