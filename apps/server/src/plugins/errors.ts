import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';

// ARCHITECTURE "Contracts": every error is JSON { message, issues? } with the right status.
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((v) => ({
        path: (v.instancePath || '').split('/').filter(Boolean),
        message: v.message ?? 'Invalid value',
      }));
      return reply.code(400).send({ message: issues[0]?.message ?? 'Invalid request', issues });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response did not match its schema');
      return reply.code(500).send({ message: 'Internal Server Error' });
    }
    const status = error.statusCode ?? 500;
    // A deliberate 5xx (a payment gateway that did not answer) keeps its message; anything else is hidden.
    if (status >= 500 && !(error instanceof HttpError)) {
      request.log.error({ err: error }, 'request failed');
      return reply.code(500).send({ message: 'Internal Server Error' });
    }
    // Fastify's own client errors (bad JSON, body too large, wrong content type...).
    return reply.code(status).send({ message: error.message });
  });
}

/** A refusal the client should read: thrown by services, answered as { message } with its status. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 502,
    message: string,
  ) {
    super(message);
  }
}
