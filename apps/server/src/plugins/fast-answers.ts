import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { FastifyServerOptions, FastifyServerFactory } from 'fastify';
import { BROTLI_OPTIONS, COMPRESS_THRESHOLD, GZIP_OPTIONS } from './compression.js';
import { REQUEST_ID_HEADER, requestIdOf } from './request-id.js';

/**
 * Issue 31, decision 057: the busiest public read, the same bytes for everyone, answered before the
 * framework. A cached GET /api/streams/live needs no session, no body, no rate limit (decision 003) and no
 * Origin check; what it does need — the security headers, a request id, compression, the route's latency
 * series — is done here in a few microseconds, where Fastify's per-request plumbing for an app of ~300
 * routes and its hooks took as long again as the answer itself. The Fastify route stays: it answers
 * HEAD, a URL with a query, a cold cache, and every injected test request, with the same headers.
 */

/** The fresh bytes, or null when the route should make them (and fill the cache). */
export type FreshBody = () => Buffer | null;

interface Answer {
  route: string;
  body: FreshBody;
  /** Name, value, name, value…: writeHead takes a flat list as it is, where an object made per answer
   * cost a new hidden class and a for-in enumeration cache each time (and the page faults to hold them). */
  headers: string[];
}


type Encoding = 'br' | 'gzip';

/** br when the client takes it, else gzip, else none; `q=0` refuses a coding (RFC 9110 §12.5.3). */
export function chooseEncoding(accept: string | undefined): Encoding | null {
  if (!accept) return null;
  let best: Encoding | null = null;
  let bestQ = 0;
  for (const part of accept.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q ? Number(q.slice(2)) : 1;
    if (!(weight > 0)) continue;
    const codings: Encoding[] = name === '*' ? ['br', 'gzip'] : name === 'br' || name === 'gzip' ? [name] : [];
    for (const coding of codings) {
      if (weight > bestQ || (weight === bestQ && coding === 'br' && best !== 'br')) {
        best = coding;
        bestQ = weight;
      }
    }
  }
  return best;
}

// Compressed once per body (the cache refills at most once a second), not once per request.
const compressed = new WeakMap<Buffer, Partial<Record<Encoding, Buffer>>>();
function encoded(body: Buffer, encoding: Encoding): Buffer {
  let forms = compressed.get(body);
  if (!forms) compressed.set(body, (forms = {}));
  return (forms[encoding] ??= encoding === 'br' ? brotliCompressSync(body, BROTLI_OPTIONS) : gzipSync(body, GZIP_OPTIONS));
}

export function createFastAnswers(securityHeaders: Record<string, string>) {
  const answers = new Map<string, Answer>();
  let observe: ((route: string, seconds: number) => void) | null = null;
  let open = true;

  function serve(request: IncomingMessage, response: ServerResponse): boolean {
    if (!open || request.method !== 'GET') return false;
    const answer = answers.get(request.url ?? '');
    const body = answer?.body();
    if (!answer || !body) return false;
    const started = performance.now();
    const encoding = body.length >= COMPRESS_THRESHOLD ? chooseEncoding(request.headers['accept-encoding'] as string | undefined) : null;
    const bytes = encoding ? encoded(body, encoding) : body;
    const headers = answer.headers.concat(REQUEST_ID_HEADER, requestIdOf(request), 'content-length', String(bytes.length));
    if (encoding) headers.push('content-encoding', encoding);
    response.writeHead(200, headers);
    response.end(bytes);
    observe?.(answer.route, (performance.now() - started) / 1000);
    return true;
  }

  /** Fastify's own HTTP/1 server (lib/server.js), with the fast answers in front of its handler. */
  const serverFactory: FastifyServerFactory = (handler, options: FastifyServerOptions) => {
    const server = http.createServer((options as { http?: http.ServerOptions }).http ?? {}, (request, response) => {
      if (!serve(request, response)) handler(request, response);
    });
    if (options.keepAliveTimeout !== undefined) server.keepAliveTimeout = options.keepAliveTimeout;
    if (options.requestTimeout !== undefined) server.requestTimeout = options.requestTimeout;
    server.setTimeout(options.connectionTimeout ?? 0);
    if (options.maxRequestsPerSocket) server.maxRequestsPerSocket = options.maxRequestsPerSocket;
    return server;
  };

  return {
    serverFactory,
    /** Serves GET `route` (exactly, no query) from `body` while it is fresh. */
    answer(route: string, body: FreshBody, headers: { contentType: string; cacheControl: string }) {
      answers.set(route, {
        route,
        body,
        headers: Object.entries({ ...securityHeaders, 'content-type': headers.contentType, 'cache-control': headers.cacheControl, vary: 'accept-encoding' }).flat(),
      });
    },
    /** Counts each fast answer into the route's latency series. */
    timeWith(fn: (route: string, seconds: number) => void) {
      observe = fn;
    },
    /** From app.close() on, everything goes to Fastify, which refuses new requests while it closes. */
    close() {
      open = false;
    },
  };
}
export type FastAnswers = ReturnType<typeof createFastAnswers>;
