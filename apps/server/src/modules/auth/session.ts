import type { FastifyReply, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { fromNodeHeaders } from 'better-auth/node';
import { UNAUTHORIZED_MESSAGE } from '@live-market/contract';
import type { Auth } from './auth.js';

export interface SessionUser {
  id: string;
  sessionId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser | null;
  }
}

// Copies cookies better-auth set (a refreshed session, a cleared one) onto our reply.
export function forwardCookies(headers: Headers | null | undefined, reply: FastifyReply) {
  const cookies = headers?.getSetCookie() ?? [];
  if (cookies.length) reply.header('set-cookie', cookies);
}

// better-auth's session lookup costs 3-5 ms of a request; a viewer's votes, answers and gifts come in
// bursts. A session verified once is trusted for SESSION_CACHE_MS by this instance (decision 009), and
// for as long as a socket opened under it stays open here: signing out closes those sockets on every
// instance (Hub.endSession), so the socket is already the longer-lived trust (decision 028).
const SESSION_CACHE_MS = 30_000;
const SESSION_CACHE_MAX = 100_000;

interface Pin {
  user: SessionUser;
  expiresAt: number;
  sockets: Set<WebSocket>;
}

interface SessionCache {
  cookieName: Promise<string>;
  /** The same name once known: the cached path reads it without waiting. */
  knownCookieName: string | null;
  entries: Map<string, { user: SessionUser; until: number; expiresAt: number }>;
  pins: Map<string, Pin>;
  /** Whether this instance hears every sign-out right now (decision 029); when not, it remembers nothing. */
  hearsSignOuts: () => boolean;
}

const caches = new WeakMap<Auth, SessionCache>();

function cacheOf(auth: Auth): SessionCache {
  let cache = caches.get(auth);
  if (!cache) {
    const made: SessionCache = { cookieName: auth.$context.then((c) => c.authCookies.sessionToken.name), knownCookieName: null, entries: new Map(), pins: new Map(), hearsSignOuts: () => true };
    made.cookieName.then((name) => (made.knownCookieName = name)).catch(() => {});
    caches.set(auth, (cache = made));
  }
  return cache;
}

/** The signed session cookie exactly as the browser sent it: only a cookie better-auth accepted is ever a key. */
async function sessionCookie(auth: Auth, request: FastifyRequest): Promise<string | null> {
  const name = await cacheOf(auth).cookieName;
  return request.cookies?.[name] ?? null;
}

/** The session this instance already trusts for the cookie (decisions 009, 028, 029), or null: ask better-auth. */
function remembered(cache: SessionCache, cookie: string): SessionUser | null {
  if (!cache.hearsSignOuts()) return null;
  const now = Date.now();
  const hit = cache.entries.get(cookie);
  if (hit && hit.until > now) return hit.user;
  const pin = cache.pins.get(cookie);
  // A socket the hub has begun to close (signed out) is no longer OPEN, so it vouches for nothing.
  if (pin && pin.expiresAt > now) for (const s of pin.sockets) if (s.readyState === s.OPEN) return pin.user;
  return null;
}

export async function readSession(auth: Auth, request: FastifyRequest, reply?: FastifyReply): Promise<SessionUser | null> {
  const cookie = await sessionCookie(auth, request);
  if (!cookie) return null;
  const cache = cacheOf(auth);
  const known = remembered(cache, cookie);
  if (known) return known;
  const { entries, pins } = cache;
  const pin = pins.get(cookie);
  const { headers, response } = await auth.api.getSession({ headers: fromNodeHeaders(request.headers), returnHeaders: true });
  if (reply) forwardCookies(headers, reply);
  if (!response) {
    entries.delete(cookie);
    return null;
  }
  const user = { id: response.user.id, sessionId: response.session.id };
  const expiresAt = new Date(response.session.expiresAt).getTime();
  if (entries.size >= SESSION_CACHE_MAX) entries.delete(entries.keys().next().value!);
  entries.set(cookie, { user, until: Math.min(Date.now() + SESSION_CACHE_MS, expiresAt), expiresAt });
  if (pin?.user.sessionId === user.sessionId) pin.expiresAt = expiresAt;
  return user;
}

/**
 * A socket opened under the request's session (just verified by readSession) keeps that session trusted
 * on this instance while it is open; the pin goes when its last socket closes.
 */
export async function pinSession(auth: Auth, request: FastifyRequest, user: SessionUser, socket: WebSocket): Promise<void> {
  const cookie = await sessionCookie(auth, request);
  if (!cookie || socket.readyState !== socket.OPEN) return;
  const { entries, pins } = cacheOf(auth);
  const held = pins.get(cookie);
  const verified = entries.get(cookie);
  let pin: Pin;
  if (held?.user.sessionId === user.sessionId) pin = held;
  else if (verified?.user.sessionId === user.sessionId) pins.set(cookie, (pin = { user, expiresAt: verified.expiresAt, sockets: new Set() }));
  else return;
  pin.sockets.add(socket);
  socket.once('close', () => {
    pin.sockets.delete(socket);
    if (pin.sockets.size === 0 && pins.get(cookie) === pin) pins.delete(cookie);
  });
}

/**
 * Remembered sessions are trusted only while `hearsSignOuts()` holds: every instance is told of every
 * sign-out (forgetSessionId), and one that may have missed some (its Redis link down) asks better-auth.
 */
export function trustRememberedSessionsWhile(auth: Auth, hearsSignOuts: () => boolean) {
  cacheOf(auth).hearsSignOuts = hearsSignOuts;
}

/** A session ended (here or on another instance): nothing remembered about it is trusted any more. */
export function forgetSessionId(auth: Auth, sessionId: string) {
  const { entries, pins } = cacheOf(auth);
  for (const [cookie, entry] of entries) if (entry.user.sessionId === sessionId) entries.delete(cookie);
  for (const [cookie, pin] of pins) if (pin.user.sessionId === sessionId) pins.delete(cookie);
}

/** After an outage in which sign-outs may have been missed. */
export function forgetAllSessions(auth: Auth) {
  cacheOf(auth).entries.clear();
  cacheOf(auth).pins.clear();
}

/** Signing out: this instance stops trusting the cookie at once (the others through forgetSessionId). */
export async function forgetSession(auth: Auth, request: FastifyRequest) {
  const cookie = await sessionCookie(auth, request);
  if (!cookie) return;
  cacheOf(auth).entries.delete(cookie);
  cacheOf(auth).pins.delete(cookie);
}

/**
 * onRequest hook: the session decides who you are; 401 when there is none, before the body is read or
 * validated. A session this instance already trusts is answered without a promise: a vote burst is
 * mostly such requests, and each promise costs the request-id context its bookkeeping too.
 */
export function requireUser(auth: Auth) {
  return (request: FastifyRequest, reply: FastifyReply, done: (err?: Error) => void) => {
    const cache = cacheOf(auth);
    const cookie = cache.knownCookieName === null ? null : request.cookies?.[cache.knownCookieName];
    const known = cookie ? remembered(cache, cookie) : null;
    if (known) {
      request.user = known;
      return done();
    }
    readSession(auth, request, reply).then((user) => {
      request.user = user;
      if (user) done();
      else reply.code(401).send({ message: UNAUTHORIZED_MESSAGE });
    }, done);
  };
}

export function currentUserId(request: FastifyRequest): string {
  if (!request.user) throw new Error('requireUser must run before this handler');
  return request.user.id;
}
