import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { MediaServer } from '@live-market/media';
import type { Database } from './db/client.js';
import type { JobQueue } from './jobs/queue.js';
import type { Hub } from './realtime/hub.js';

// Issue 30: what an operator sees of a running instance — the Prometheus registry and its own port.
export interface ObservabilityDeps {
  database: Database;
  redis?: Redis;
  hub: Hub;
  media: MediaServer | null;
  jobs: JobQueue;
}

export async function registerObservability(_app: FastifyInstance, _deps: ObservabilityDeps): Promise<void> {}
