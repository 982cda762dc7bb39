import { eq } from 'drizzle-orm';
import type { AddressBody, Address } from '@live-market/contract';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.js';
import { HttpError } from '../../plugins/errors.js';
import { checkPincode } from '../pincodes/index.js';
import { sellerIdOfUser } from '../sellers/index.js';
import type { ParcelAddress } from './carrier.js';
import { pickupAddresses } from './tables.js';

export type PickupAddress = Omit<Address, 'id'>;

function toDto(row: typeof pickupAddresses.$inferSelect): PickupAddress {
  return { name: row.name, phone: row.phone, pincode: row.pincode, state: row.state as Address['state'], city: row.city, line1: row.line1, line2: row.line2 };
}

async function ownStore(db: Db, userId: string): Promise<string> {
  const sellerId = await sellerIdOfUser(db, userId);
  if (!sellerId) throw new HttpError(403, 'Only sellers can do this');
  return sellerId;
}

export async function readPickup(db: Db | Tx, sellerId: string): Promise<ParcelAddress | null> {
  const [row] = await db.select().from(pickupAddresses).where(eq(pickupAddresses.sellerId, sellerId));
  return row ? toDto(row) : null;
}

export async function getPickupAddress(db: Db, userId: string): Promise<PickupAddress | null> {
  return (await readPickup(db, await ownStore(db, userId))) as PickupAddress | null;
}

/** PUT /api/seller/pickup-address: one per store, replaced whole; its pincode checked like a buyer's. */
export async function putPickupAddress(db: Db, userId: string, body: z.output<typeof AddressBody>): Promise<PickupAddress> {
  const sellerId = await ownStore(db, userId);
  checkPincode(body.pincode, body.state);
  const values = { ...body, line2: body.line2 ?? '', updatedAt: new Date() };
  const [row] = await db
    .insert(pickupAddresses)
    .values({ sellerId, ...values })
    .onConflictDoUpdate({ target: pickupAddresses.sellerId, set: values })
    .returning();
  return toDto(row!);
}
