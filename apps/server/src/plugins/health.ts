import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { Db } from '../db/client.js';

export function registerHealth(app: FastifyInstance, db: Db, redis: Redis | undefined): void {
  // Which dependency is down, for the load balancer and whoever is on call. Without its database the
  // instance cannot serve (503); without Redis it serves its own sockets alone (200, degraded).
  app.get('/api/health', async (_request, reply) => {
    const data = await db.execute(sql`select 1`).then(
      () => 'up' as const,
      () => 'down' as const,
    );
    const shared = !redis ? 'off' : redis.status === 'ready' ? 'up' : 'down';
    return reply.code(data === 'up' ? 200 : 503).send({ ok: data === 'up', database: data, redis: shared });
  });
}
