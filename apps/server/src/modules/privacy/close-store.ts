import { and, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { products } from '../products/tables.js';
import { streams } from '../streams/tables.js';

/**
 * A store nobody may run any more (its owner erased, or suspended by an operator) sells nothing: its
 * products are hidden and its announced shows called off. Returns the products it hid, so that lifting
 * a suspension brings back only those.
 */
export async function closeStore(tx: Tx, sellerId: string): Promise<string[]> {
  const hidden = await tx
    .update(products)
    .set({ isActive: false, updatedAt: new Date() })
    .where(and(eq(products.sellerId, sellerId), eq(products.isActive, true)))
    .returning({ id: products.id });
  await tx.update(streams).set({ endedAt: new Date() }).where(and(eq(streams.sellerId, sellerId), eq(streams.isLive, false), isNull(streams.endedAt)));
  return hidden.map((p) => p.id);
}
