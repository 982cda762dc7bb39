import type { FastifyReply, FastifyRequest } from 'fastify';
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
// bursts. A session verified once is trusted for SESSION_CACHE_MS by this instance (decision 009).
const SESSION_CACHE_MS = 30_000;
const SESSION_CACHE_MAX = 100_000;

interface SessionCache {
  cookieName: Promise<string>;
  entries: Map<string, { user: SessionUser; until: number }>;
}

const caches = new WeakMap<Auth, SessionCache>();

function cacheOf(auth: Auth): SessionCache {
  let cache = caches.get(auth);
  if (!cache) {
    cache = { cookieName: auth.$context.then((c) => c.authCookies.sessionToken.name), entries: new Map() };
    caches.set(auth, cache);
  }
  return cache;
}

/** The signed session cookie exactly as the browser sent it: only a cookie better-auth accepted is ever a key. */
async function sessionCookie(auth: Auth, request: FastifyRequest): Promise<string | null> {
  const name = await cacheOf(auth).cookieName;
  return request.cookies?.[name] ?? null;
}

export async function readSession(auth: Auth, request: FastifyRequest, reply?: FastifyReply): Promise<SessionUser | null> {
  const cookie = await sessionCookie(auth, request);
  if (!cookie) return null;
  const { entries } = cacheOf(auth);
  const hit = entries.get(cookie);
  if (hit && hit.until > Date.now()) return hit.user;
  const { headers, response } = await auth.api.getSession({ headers: fromNodeHeaders(request.headers), returnHeaders: true });
  if (reply) forwardCookies(headers, reply);
  if (!response) {
    entries.delete(cookie);
    return null;
  }
  const user = { id: response.user.id, sessionId: response.session.id };
  if (entries.size >= SESSION_CACHE_MAX) entries.delete(entries.keys().next().value!);
  entries.set(cookie, { user, until: Math.min(Date.now() + SESSION_CACHE_MS, new Date(response.session.expiresAt).getTime()) });
  return user;
}

/** Signing out: this instance stops trusting the cookie at once (others within SESSION_CACHE_MS). */
export async function forgetSession(auth: Auth, request: FastifyRequest) {
  const cookie = await sessionCookie(auth, request);
  if (cookie) cacheOf(auth).entries.delete(cookie);
}

/** onRequest hook: the session decides who you are; 401 when there is none, before the body is read or validated. */
export function requireUser(auth: Auth) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    request.user = await readSession(auth, request, reply);
    if (!request.user) return reply.code(401).send({ message: UNAUTHORIZED_MESSAGE });
  };
}

export function currentUserId(request: FastifyRequest): string {
  if (!request.user) throw new Error('requireUser must run before this handler');
  return request.user.id;
}
