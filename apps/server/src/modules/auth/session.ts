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

export async function readSession(auth: Auth, request: FastifyRequest, reply?: FastifyReply): Promise<SessionUser | null> {
  const { headers, response } = await auth.api.getSession({ headers: fromNodeHeaders(request.headers), returnHeaders: true });
  if (reply) forwardCookies(headers, reply);
  return response ? { id: response.user.id, sessionId: response.session.id } : null;
}

/** preHandler: the session decides who you are; 401 when there is none. */
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
