import { and, count, desc, eq } from 'drizzle-orm';
import type { AddressBody, Address } from '@live-market/contract';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.js';
import { HttpError } from '../../plugins/errors.js';
import { user } from '../auth/index.js';
import { checkPincode } from '../pincodes/index.js';
import { addresses } from './tables.js';

export const ADDRESSES_MAX = 10;
type ParsedAddress = z.output<typeof AddressBody>;

function toDto(row: typeof addresses.$inferSelect): Address {
  return { id: row.id, name: row.name, phone: row.phone, pincode: row.pincode, state: row.state as Address['state'], city: row.city, line1: row.line1, line2: row.line2 };
}

export async function listAddresses(db: Db, userId: string): Promise<Address[]> {
  const rows = await db.select().from(addresses).where(eq(addresses.userId, userId)).orderBy(desc(addresses.createdAt), desc(addresses.id));
  return rows.map(toDto);
}

export async function findOwnAddress(db: Db | Tx, userId: string, id: string): Promise<Address | null> {
  const [row] = await db
    .select()
    .from(addresses)
    .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
    .limit(1);
  return row ? toDto(row) : null;
}

/** The user's row is locked while counting, so parallel saves cannot pass the limit together. */
export async function addAddress(db: Db, userId: string, body: ParsedAddress): Promise<Address> {
  checkPincode(body.pincode, body.state);
  return db.transaction(async (tx) => {
    await tx.select({ id: user.id }).from(user).where(eq(user.id, userId)).for('update');
    const [saved] = await tx.select({ n: count() }).from(addresses).where(eq(addresses.userId, userId));
    if ((saved?.n ?? 0) >= ADDRESSES_MAX) throw new HttpError(409, 'You can save at most {{max}} addresses', { max: ADDRESSES_MAX });
    const [row] = await tx.insert(addresses).values({ userId, ...body }).returning();
    return toDto(row!);
  });
}

export async function deleteAddress(db: Db, userId: string, id: string): Promise<void> {
  const removed = await db
    .delete(addresses)
    .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
    .returning({ id: addresses.id });
  if (!removed.length) throw new HttpError(404, 'Address not found');
}
