import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { UNAUTHORIZED_MESSAGE } from '@live-market/contract';
import { interpolate, languageOf, translateMessage, type MessageParam } from '../i18n/index.js';

/** A 4xx message in the reader's language. 'Unauthorized' stays as it is: the client reads it (SPEC 8). */
export function localMessage(request: FastifyRequest, message: string, params: Record<string, MessageParam> = {}): string {
  if (message === UNAUTHORIZED_MESSAGE) return message;
  return translateMessage(languageOf(request), message, params);
}

// ARCHITECTURE "Contracts": every error is JSON { message, issues? } with the right status, its
// message in the reader's language.
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((v) => ({
        path: (v.instancePath || '').split('/').filter(Boolean),
        message: localMessage(request, v.message ?? 'Invalid value'),
      }));
      return reply.code(400).send({ message: issues[0]?.message ?? localMessage(request, 'Invalid request'), issues });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response did not match its schema');
      return reply.code(500).send({ message: 'Internal Server Error' });
    }
    const status = error.statusCode ?? 500;
    // A deliberate 5xx (a payment gateway that did not answer) keeps its message; anything else is hidden.
    if (status >= 500 && !(error instanceof HttpError)) {
      request.log.error({ err: error, url: request.url }, 'request failed');
      return reply.code(500).send({ message: 'Internal Server Error' });
    }
    if (error instanceof HttpError) {
      if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
      return reply.code(status).send({ message: localMessage(request, error.template, error.params) });
    }
    // Fastify's own client errors (bad JSON, body too large, wrong content type...).
    return reply.code(status).send({ message: localMessage(request, error.message) });
  });
}

/**
 * A refusal the client should read: thrown by services, answered as { message } with its status.
 * `template` is English with {{params}}; the answer is in the reader's language (src/locales).
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: 400 | 401 | 403 | 404 | 405 | 409 | 413 | 415 | 422 | 429 | 502 | 503,
    readonly template: string,
    readonly params: Record<string, MessageParam> = {},
    readonly retryAfterSeconds?: number,
  ) {
    super(interpolate(template, Object.fromEntries(Object.entries(params).map(([k, v]) => [k, typeof v === 'object' ? v.key.split('.').pop()! : v]))));
  }
}
