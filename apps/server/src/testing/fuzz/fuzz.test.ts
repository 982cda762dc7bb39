import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse, RouteOptions } from 'fastify';
import type { z } from 'zod';
import { createMediaServer } from '@live-market/media';
import { afterAll, expect, it } from 'vitest';
import { buildTestApp } from '../test-app.js';
import { bodiesFor, sdpBodies, type FuzzBody } from './bodies.js';
import { makeWorld } from './world.js';

// Issue 25 item 12: wrong bodies made from the contract's own schemas, sent to every route the app
// registers, as the owner of what the path names, as a shopper and signed out. Whatever comes in, no
// answer is a 5xx. Runs on PGlite in the first server pass and on PostgreSQL + Redis in the second.
const SEED = 25_012;

// A stand-in web build (its page and a renderer that asks the API who is signed in), so page paths
// answer as in production rather than with the test app's "not built" 503.
const webDist = mkdtempSync(path.join(os.tmpdir(), 'lm-fuzz-web-'));
const webServerDist = mkdtempSync(path.join(os.tmpdir(), 'lm-fuzz-web-server-'));
writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><html lang="en"><head><title>LiveMarket</title></head><body><div id="root"></div></body></html>');
writeFileSync(
  path.join(webServerDist, 'entry-server.js'),
  `export async function render(url, fetchApi, language, options) {
    await fetchApi('/api/auth/user');
    return { html: '<p>page</p>', state: { queries: {}, language, nonce: options.nonce } };
  }`,
);

const routes: RouteOptions[] = [];
const media = await createMediaServer({ workers: 1, announcedAddress: '127.0.0.1' });
const t = await buildTestApp(
  { API_RATE_LIMIT_PER_MINUTE: '10000000', OTP_SEND_LIMIT_PER_IP: '10000000', OTP_SEND_LIMIT_PER_DESTINATION: '10000000' },
  media,
  { onRoute: (route) => void routes.push(route), webDist, webServerDist },
);
const world = await makeWorld(t);
afterAll(async () => {
  await t.close();
  await media.close();
  for (const dir of [webDist, webServerDist]) rmSync(dir, { recursive: true, force: true });
});

type Who = 'owner' | 'shopper' | 'signed out';
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
// better-auth answers these itself (the route hijacks the reply); the rest of /api/identity/* is 404.
const IDENTITY_PATHS = ['get-session', 'sign-out', 'list-sessions', 'revoke-session', 'revoke-other-sessions', 'ok'];

interface Case {
  method: string;
  pattern: string;
  url: string;
  body?: z.ZodType;
}

/** The route's URL with real ids in its parameters (and a plain file name for a wildcard). */
function fill(pattern: string): string {
  const segments = pattern.split('/');
  return segments.map((segment, i) => (segment.startsWith(':') ? world.param(segments[i - 1] ?? '', segment.slice(1)) : segment === '*' ? 'x.webp' : segment)).join('/');
}

function casesOf(route: RouteOptions): Case[] {
  const methods = [route.method].flat().filter((method) => BODY_METHODS.has(method));
  const body = (route.schema as { body?: z.ZodType } | undefined)?.body;
  if (route.url === '/api/identity/*') return IDENTITY_PATHS.map((path) => ({ method: 'POST', pattern: `/api/identity/${path}`, url: `/api/identity/${path}` }));
  return methods.map((method) => ({ method, pattern: route.url, url: fill(route.url), body }));
}

// Signing out, revoking sessions and rotating the stream key go last: they undo what the others need.
function order(c: Case): number {
  if (/identity|logout/.test(c.pattern)) return 4;
  if (c.method === 'DELETE') return 3;
  if (c.pattern === '/api/seller/stream-key') return 3;
  if (c.method === 'PATCH' && c.pattern === '/api/streams/:id') return 2;
  return c.method === 'PATCH' ? 1 : 0;
}

const cases = routes
  .flatMap(casesOf)
  .sort((a, b) => order(a) - order(b))
  .filter((c, i, all) => all.findIndex((o) => o.method === c.method && o.url === c.url) === i);

/** Bodies for a route: from its schema, or (no schema: raw bodies, webhooks, hijacked routes) generic ones. */
function bodiesOf(c: Case, seed: number): FuzzBody[] {
  const bodies = c.body ? bodiesFor(c.body, world.hint, seed) : genericBodies();
  return /\/whi[pe]\b/.test(c.pattern) && c.body && !bodies.some((b) => b.contentType === 'application/sdp') ? [...bodies, ...sdpBodies()] : bodies;
}

function genericBodies(): FuzzBody[] {
  const json = (label: string, value: unknown): FuzzBody => ({ label, payload: JSON.stringify(value), contentType: 'application/json' });
  return [
    json('empty object', {}),
    json('null', null),
    json('wrong fields', { id: world.ids.productId, userId: world.bystander.id, amount: -1, text: '\u0000\uD800' }),
    { label: 'broken JSON', payload: '{"a":', contentType: 'application/json' },
    { label: 'text', payload: 'hello', contentType: 'text/plain' },
    { label: 'octets', payload: Buffer.from([0, 1, 2, 255]), contentType: 'application/octet-stream' },
    { label: 'an image that is not one', payload: Buffer.from('GIF89a not really'), contentType: 'image/png' },
    { label: 'form encoded', payload: 'a=1', contentType: 'application/x-www-form-urlencoded' },
  ];
}

async function headersOf(who: Who, c: Case): Promise<Record<string, string>> {
  const user = userOf(who, c);
  const headers: Record<string, string> = user ? { cookie: user.cookie } : {};
  // A camera app's WHIP carries the seller's stream key instead of a session (a fresh key each time).
  if (c.pattern.startsWith('/api/whip') && who === 'owner') {
    const res = await t.app.inject({ method: 'POST', url: '/api/seller/stream-key', headers });
    headers.authorization = `Bearer ${res.json().key}`;
  }
  return headers;
}

const userOf = (who: Who, c: Case) => (who === 'owner' ? world.ownerOf(c.pattern) : who === 'shopper' ? world.shopper : null);

/** Whether the route's schema takes the body: only then can who sends it change the answer. */
function passesSchema(c: Case, body: FuzzBody): boolean {
  if (!c.body) return true;
  if (typeof body.payload !== 'string') return false;
  if (body.contentType === 'application/sdp') return c.body.safeParse(body.payload).success;
  if (body.contentType !== 'application/json') return false;
  try {
    return c.body.safeParse(JSON.parse(body.payload)).success;
  } catch {
    return false;
  }
}

function report(who: Who, c: Case, body: FuzzBody, res: LightMyRequestResponse): string {
  const sent = typeof body.payload === 'string' ? body.payload : `<${body.payload.length} bytes>`;
  return [`${res.statusCode} for ${who}: ${c.method} ${c.url} [${body.label}]`, `  sent (${body.contentType}): ${sent.slice(0, 300)}`, `  answer: ${res.body.slice(0, 500)}`].join('\n');
}

// Path parameters (every route, GET included): not ids, ids of nothing, encoded NUL and half an emoji, too long.
const WRONG_PARAMS = ['not-a-uuid', '00000000-0000-0000-0000-000000000000', 'FFFFFFFF-FFFF-4FFF-BFFF-FFFFFFFFFFFF', '%00', '%ED%A0%80', '%F0%9F%98', 'a'.repeat(2000), '..%2F..%2Fapi', '%25', "'%20or%201=1--"];
const WRONG_QUERY = ['', '%00', '%ED%A0%80', 'x'.repeat(5000), '-1', '1e308', 'NaN', 'a&a=b'];
// Sessions and languages that are not ones: forged, cut short, encoded oddly, far too long.
const WRONG_HEADERS: Array<Record<string, string>> = [
  { cookie: 'lm.session_token=forged.signature' },
  { cookie: `lm.session_token=${'x'.repeat(4000)}; language=xx` },
  { cookie: 'lm.session_token=%ED%A0%80; language=%00' },
  { cookie: 'language=hi; language=ta', 'accept-language': 'xx;q=abc, hi;q=2, ;;;, *' },
];

it('answers no wrong path parameter, query string or session cookie with a 5xx', async () => {
  const failures: string[] = [];
  const seen = new Set<string>();
  for (const route of routes) {
    const query = (route.schema as { querystring?: z.ZodType } | undefined)?.querystring;
    const keys = query ? Object.keys((query as unknown as { shape?: object }).shape ?? {}) : [];
    for (const method of [route.method].flat().filter((m) => m !== 'HEAD' && !/identity|logout/.test(route.url))) {
      if (seen.has(`${method} ${route.url}`)) continue;
      seen.add(`${method} ${route.url}`);
      const segments = route.url.split('/');
      const real = fill(route.url).split('/');
      const urls: string[] = [];
      segments.forEach((segment, i) => {
        if (segment.startsWith(':') || segment === '*') for (const value of WRONG_PARAMS) urls.push(real.map((part, j) => (j === i ? value : part)).join('/'));
      });
      for (const key of keys) for (const value of WRONG_QUERY) urls.push(`${fill(route.url)}?${key}=${value}`);
      const requests = [
        ...urls.map((url) => ({ url, headers: { cookie: world.ownerOf(route.url).cookie } })),
        ...WRONG_HEADERS.map((headers) => ({ url: fill(route.url), headers })),
      ];
      for (const { url, headers } of requests) {
        const res = await t.app.inject({ method: method as 'GET', url, headers });
        if (res.statusCode >= 500) failures.push(`${res.statusCode} for ${method} ${url.slice(0, 200)} ${JSON.stringify(headers).slice(0, 200)}\n  answer: ${res.body.slice(0, 300)}`);
      }
    }
  }
  expect(failures, failures.join('\n\n')).toEqual([]);
}, 120_000);

let seed = SEED;
for (const c of cases) {
  const routeSeed = seed++;
  it(`${c.method} ${c.pattern} answers no wrong body with a 5xx`, async () => {
    const bodies = bodiesOf(c, routeSeed).map((body) => ({ body, reachesHandler: passesSchema(c, body) }));
    const failures: string[] = [];
    // Signed out, a route behind sign-in answers 401 before reading the body: a few bodies show it.
    const probe = await t.app.inject({ method: c.method as 'POST', url: c.url, headers: { 'content-type': 'application/json' }, payload: '{}' });
    const senders: Who[] = probe.statusCode === 401 ? ['owner', 'shopper'] : ['owner', 'shopper', 'signed out'];
    for (const who of ['owner', 'shopper', 'signed out'] as const) {
      const headers = await headersOf(who, c);
      const turn = senders.indexOf(who);
      // A body the schema refuses is refused the same for everyone who gets that far: they take turns with those.
      const sent = turn === -1 ? bodies.slice(0, 3) : bodies.filter(({ reachesHandler }, i) => reachesHandler || i % senders.length === turn);
      for (const { body } of sent) {
        const res = await t.app.inject({ method: c.method as 'POST', url: c.url, headers: { ...headers, 'content-type': body.contentType }, payload: body.payload });
        if (res.statusCode >= 500) failures.push(report(who, c, body, res));
        const user = userOf(who, c);
        if (user) await world.undo(c.method, c.pattern, user, res);
      }
    }
    expect(failures, failures.join('\n\n')).toEqual([]);
  }, 120_000);
}
