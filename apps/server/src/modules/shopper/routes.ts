import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { ErrorBody, OrderList, type Order } from '@live-market/contract';
import type { Db } from '../../db/client.js';
import { HttpError } from '../../plugins/errors.js';
import { currentUserId, requireUser, type Auth } from '../auth/index.js';
import { sellers } from '../sellers/tables.js';
import { orders } from './tables.js';

function toOrderDto(row: typeof orders.$inferSelect): Order {
  return {
    id: row.id,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    totalAmount: row.totalAmount,
    paymentMethod: row.paymentMethod,
    paymentStatus: row.paymentStatus,
    streamId: row.streamId,
  };
}

export async function shopperRoutes(base: FastifyInstance, opts: { auth: Auth; db: Db }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;
  const signedIn = requireUser(opts.auth);

  // The analytics screen passes the seller's user id; only that user may read their store's orders.
  app.get(
    '/api/orders/seller/:userId',
    { preHandler: signedIn, schema: { params: z.object({ userId: z.uuid() }), response: { 200: OrderList, 401: ErrorBody, 403: ErrorBody } } },
    async (request) => {
      if (request.params.userId !== currentUserId(request)) throw new HttpError(403, "You can only see your own store's orders");
      const rows = await db
        .select({ order: orders })
        .from(orders)
        .innerJoin(sellers, eq(sellers.id, orders.sellerId))
        .where(eq(sellers.userId, request.params.userId))
        .orderBy(desc(orders.createdAt));
      return rows.map((r) => toOrderDto(r.order));
    },
  );
}
