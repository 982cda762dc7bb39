import { eq } from 'drizzle-orm';
import { gstStateCodeOf, gstStateName, type BusinessDetails, type BusinessDetailsBody } from '@live-market/contract';
import type { Db, Tx } from '../../db/client.js';
import { HttpError } from '../../plugins/errors.js';
import { sellerBusiness } from './tables.js';

type Row = typeof sellerBusiness.$inferSelect;

function toDto(r: Row): BusinessDetails {
  return { legalName: r.legalName, address: r.address, stateCode: r.stateCode, gstin: r.gstin, enrolmentNumber: r.enrolmentNumber, pan: r.pan, updatedAt: r.updatedAt.toISOString() };
}

/** What the seller's invoices say about them (issue 26); null until they fill it in. */
export async function businessOf(db: Db, sellerId: string): Promise<BusinessDetails | null> {
  const [row] = await db.select().from(sellerBusiness).where(eq(sellerBusiness.sellerId, sellerId));
  return row ? toDto(row) : null;
}

export async function saveBusiness(db: Db, sellerId: string, body: BusinessDetailsBody): Promise<BusinessDetails> {
  // A GSTIN carries the PAN (characters 3 to 12): kept so TDS is withheld at 0.1%, not 5%.
  const values = {
    legalName: body.legalName,
    address: body.address,
    stateCode: body.stateCode,
    gstin: body.gstin ?? null,
    enrolmentNumber: body.gstin ? null : (body.enrolmentNumber ?? null),
    pan: body.pan ?? (body.gstin ? body.gstin.slice(2, 12) : null),
    updatedAt: new Date(),
  };
  const [row] = await db.insert(sellerBusiness).values({ sellerId, ...values }).onConflictDoUpdate({ target: sellerBusiness.sellerId, set: values }).returning();
  return toDto(row!);
}

/**
 * A seller without a GSTIN (a GST enrolment number, allowed since October 2023) may sell only within
 * their own state: checkout refuses a delivery address in another state.
 */
export async function checkDeliveryState(db: Db | Tx, sellerId: string, deliveryState: string): Promise<void> {
  const [row] = await db.select().from(sellerBusiness).where(eq(sellerBusiness.sellerId, sellerId));
  if (!row || row.gstin || !row.enrolmentNumber) return;
  if (gstStateCodeOf(deliveryState) === row.stateCode) return;
  throw new HttpError(400, 'This store delivers only within {{state}}: it sells without a GSTIN', { state: gstStateName(row.stateCode) ?? row.stateCode });
}
