import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { CATEGORY_TAX, rupeesToPaise } from '@live-market/contract';
import type { Tx } from '../../db/client.js';
import { products } from '../products/tables.js';
import { sellerBusiness, sellers } from '../sellers/tables.js';
import { orderItems, orders } from '../shopper/tables.js';
import { mulDiv, reversalOf, saleLines, type RefundUnits } from './amounts.js';
import { indianDay, type Rates } from './rates.js';
import { ledgerLines } from './tables.js';

type NewLine = typeof ledgerLines.$inferInsert;
const EARNING_TYPES = ['sale', 'commission', 'commission_gst', 'tcs', 'tds'] as const;

/** An item's GST rate as the ledger and the invoice read it: the product's own, else its category's. */
export function gstRateBpOf(product: { gstRateBp: number | null; category: string | null } | null, sellerCategory: string | null): number {
  if (product?.gstRateBp !== null && product?.gstRateBp !== undefined) return product.gstRateBp;
  const tax = CATEGORY_TAX[product?.category ?? sellerCategory ?? ''];
  return tax ? Math.round(tax.gstRatePercent * 100) : 1800;
}

/** Lines are written once: the same key again (a replayed payment, a retried job) adds nothing. */
export async function insertLines(tx: Tx, lines: NewLine[]): Promise<number> {
  if (!lines.length) return 0;
  const written = await tx.insert(ledgerLines).values(lines).onConflictDoNothing({ target: ledgerLines.key }).returning({ id: ledgerLines.id });
  return written.length;
}

/**
 * The seller earns an order (a prepaid order paid, a COD order delivered): per item, the sale less
 * commission, its GST, TCS and TDS, at the rates in force that day. Idempotent by item.
 */
export async function postSale(tx: Tx, rates: Rates, orderId: string, at: number): Promise<void> {
  const items = await tx
    .select({
      id: orderItems.id,
      productName: orderItems.productName,
      unitPrice: orderItems.unitPrice,
      quantity: orderItems.quantity,
      sellerId: sellers.id,
      sellerCategory: sellers.category,
      productCategory: products.category,
      gstRateBp: products.gstRateBp,
      pan: sellerBusiness.pan,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(sellers, eq(sellers.id, orders.sellerId))
    .leftJoin(products, eq(products.id, orderItems.productId))
    .leftJoin(sellerBusiness, eq(sellerBusiness.sellerId, sellers.id))
    .where(eq(orderItems.orderId, orderId));
  const book = await rates(tx);
  const day = indianDay(at);
  const createdAt = new Date(at);
  const lines: NewLine[] = items.flatMap((item) => {
    const grossPaise = rupeesToPaise(item.unitPrice) * item.quantity;
    if (grossPaise === 0) return [];
    const category = item.productCategory ?? item.sellerCategory;
    const gstRateBp = gstRateBpOf(item.productCategory ? { gstRateBp: item.gstRateBp, category: item.productCategory } : null, item.sellerCategory);
    return saleLines({ grossPaise, gstRateBp, category }, book, day, Boolean(item.pan)).map((l) => ({
      sellerId: item.sellerId,
      type: l.type,
      amountPaise: l.amountPaise,
      rateBp: l.rateBp,
      basePaise: l.basePaise,
      orderId,
      orderItemId: item.id,
      key: `${l.type}:${item.id}`,
      note: item.productName,
      createdAt,
    }));
  });
  await insertLines(tx, lines);
}

/**
 * A refund takes back what the seller earned on the order (or one item of it, or some units of that
 * item): a `refund` line for each sale line and a `reversal` line for each commission, GST, TCS and TDS
 * line, never more than the line (keyed by the line reversed, and the refund when a line goes back in
 * parts). The caller holds the order's lock. Returns the amount refunded to the buyer: the sales
 * reversed now.
 */
export async function postRefund(tx: Tx, refund: { id: string; orderId: string; orderItemId: string | null; units?: RefundUnits }, at: number): Promise<number> {
  const r = alias(ledgerLines, 'r');
  const earned = await tx
    .select({
      line: ledgerLines,
      reversed: sql<string>`coalesce(-sum(${r.amountPaise}), 0)`,
      reversedBase: sql<string>`coalesce(-sum(${r.basePaise}), 0)`,
    })
    .from(ledgerLines)
    .leftJoin(r, eq(r.reverses, ledgerLines.id))
    .where(
      and(
        eq(ledgerLines.orderId, refund.orderId),
        refund.orderItemId ? eq(ledgerLines.orderItemId, refund.orderItemId) : undefined,
        inArray(ledgerLines.type, [...EARNING_TYPES]),
        isNull(ledgerLines.reverses),
      ),
    )
    .groupBy(ledgerLines.id);
  const createdAt = new Date(at);
  const lines: NewLine[] = earned.flatMap(({ line, reversed, reversedBase }) => {
    const amount = reversalOf(line.amountPaise, Number(reversed), refund.units);
    if (amount === 0) return [];
    const whole = Number(reversed) === 0 && amount === line.amountPaise;
    return [
      {
        sellerId: line.sellerId,
        type: line.type === 'sale' ? 'refund' : 'reversal',
        amountPaise: -amount,
        rateBp: line.rateBp,
        basePaise: line.basePaise === null ? null : -reversalOf(line.basePaise, Number(reversedBase), refund.units),
        orderId: line.orderId,
        orderItemId: line.orderItemId,
        refundId: refund.id,
        reverses: line.id,
        key: whole ? `rev:${line.id}` : `rev:${line.id}:${refund.id}`,
        note: line.note,
        createdAt,
      },
    ];
  });
  if (!lines.length) return 0;
  const written = await tx.insert(ledgerLines).values(lines).onConflictDoNothing({ target: ledgerLines.key }).returning();
  return -written.filter((l) => l.type === 'refund').reduce((sum, l) => sum + l.amountPaise, 0);
}

/**
 * The courier's charge for a parcel the store sent (issue 27), and 18% GST on it (the GST on the
 * platform's services, as on commission): taken from the seller's balance, once per parcel. Filed
 * under the parcel's first order, so it waits, is held and is released with that order's money.
 */
export async function postCourierCharge(tx: Tx, rates: Rates, c: { sellerId: string; orderId: string | null; shipmentId: string; awb: string; feePaise: number }, at: number): Promise<void> {
  if (c.feePaise <= 0) return;
  const book = await rates(tx);
  const gstBp = book.on('commission_gst', indianDay(at));
  const createdAt = new Date(at);
  const note = `Courier charge, parcel ${c.awb}`;
  const base = { sellerId: c.sellerId, orderId: c.orderId, createdAt, note };
  await insertLines(tx, [
    { ...base, type: 'shipping', amountPaise: -c.feePaise, rateBp: null, basePaise: null, key: `shipping:${c.shipmentId}` },
    { ...base, type: 'shipping_gst', amountPaise: -mulDiv(c.feePaise, gstBp, 10_000), rateBp: gstBp, basePaise: c.feePaise, key: `shipping_gst:${c.shipmentId}` },
  ]);
}
