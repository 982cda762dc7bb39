import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import type { Config } from '../config/env.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function isForeignOrigin(headers: Record<string, string | string[] | undefined>, publicOrigin: string): boolean {
  const origin = headers.origin;
  if (typeof origin === 'string') return origin !== publicOrigin;
  // No Origin (curl, server-to-server): a browser would have sent one cross-site, except for
  // some navigations, which Sec-Fetch-Site still tells apart.
  return headers['sec-fetch-site'] === 'cross-site';
}

// The headers helmet would send, computed once (see docs/decisions/002-security-headers.md).
export function securityHeaders(config: Config): Record<string, string> {
  const wsOrigin = config.publicOrigin.replace(/^http/, 'ws');
  // Razorpay Checkout is a script from checkout.razorpay.com that opens its form in a frame from api.razorpay.com.
  const razorpay = config.paymentsProvider === 'razorpay';
  const csp = [
    "default-src 'self'",
    razorpay ? "script-src 'self' https://checkout.razorpay.com" : "script-src 'self'",
    ...(razorpay ? ["frame-src 'self' https://api.razorpay.com"] : []),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "media-src 'self' blob:",
    `connect-src 'self' ${wsOrigin}`,
    "font-src 'self'",
    // The installable app: its service worker (/sw.js) and manifest (decision 018).
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
    ...(config.secureCookies ? ['upgrade-insecure-requests'] : []),
  ].join('; ');
  return {
    'content-security-policy': csp,
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'DENY',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
    ...(config.secureCookies ? { 'strict-transport-security': 'max-age=15552000; includeSubDomains' } : {}),
  };
}

/** The same headers for the one page our app shows in its own iframe (the test payment gateway). */
export function frameableBySelfHeaders(config: Config): Record<string, string> {
  const headers = securityHeaders(config);
  return {
    ...headers,
    'content-security-policy': headers['content-security-policy']!.replace("frame-ancestors 'none'", "frame-ancestors 'self'"),
    'x-frame-options': 'SAMEORIGIN',
  };
}

/**
 * A request that carries its credential in `Authorization: Bearer` and no cookie cannot be forged by
 * another site: a browser never attaches that header on its own (a page must set it, and CORS asks first).
 * So a browser studio on another origin may publish with a stream key (RFC 9725), while anything that
 * rides on our session cookie still has to come from our own pages.
 */
export function carriesOnlyBearer(headers: Record<string, string | string[] | undefined>): boolean {
  const authorization = headers.authorization;
  return headers.cookie === undefined && typeof authorization === 'string' && /^Bearer\s+\S+$/i.test(authorization);
}

const isUnsafe = (method: string | string[]) => (Array.isArray(method) ? method : [method]).some((m) => !SAFE_METHODS.has(m));

export async function registerSecurity(app: FastifyInstance, config: Config) {
  const headers = securityHeaders(config);
  // Computed once; every answer gets them in one call.
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
  // State-changing requests must come from our own pages. Checked on the routes that take them, first
  // of their own hooks (issue 31): a GET no longer pays for it, and a POST no route matches is a 404.
  const fromOurPages: onRequestHookHandler = (request, reply, done) => {
    if (!SAFE_METHODS.has(request.method) && !carriesOnlyBearer(request.headers) && isForeignOrigin(request.headers, config.publicOrigin)) {
      reply.code(403).send({ message: 'Forbidden: request from a foreign origin' });
      return;
    }
    done();
  };
  app.addHook('onRoute', (route) => {
    if (!isUnsafe(route.method)) return;
    const own = route.onRequest;
    route.onRequest = own === undefined ? [fromOurPages] : [fromOurPages, ...(Array.isArray(own) ? own : [own])];
  });
}
