import type { FastifyServerOptions } from 'fastify';

// Issue 30: every request has an id (the caller's x-request-id when it is a sane one), carried by
// every log line and every response.
export function requestIdOptions(): Pick<FastifyServerOptions, 'requestIdHeader' | 'genReqId'> {
  return {};
}
