import type { FastifyReply, FastifyRequest } from 'fastify';
import { UNAUTHORIZED_MESSAGE } from '@live-market/contract';
import type { Db } from '../../db/client.js';
import { localMessage } from '../../plugins/errors.js';
import { isOperator, readSession, type Auth } from '../auth/index.js';

/**
 * onRequest hook of the whole /api/admin/* plugin, so no route added there can miss it: 401 signed out,
 * 403 for anyone who is not an operator, before the body is read or validated.
 */
export function requireOperator(auth: Auth, db: Db, operatorPhones: readonly string[]) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    request.user = await readSession(auth, request, reply);
    if (!request.user) return reply.code(401).send({ message: UNAUTHORIZED_MESSAGE });
    if (!(await isOperator(db, operatorPhones, request.user.id))) {
      return reply.code(403).send({ message: localMessage(request, 'Only LiveMarket operators can do this') });
    }
  };
}
