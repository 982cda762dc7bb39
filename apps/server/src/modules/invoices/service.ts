import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { CATEGORY_TAX, gstStateCodeOf, gstStateName, rupeesToPaise } from '@live-market/contract';
import type { Db, Tx } from '../../db/client.js';
import { gstRateBpOf } from '../ledger/index.js';
import { products } from '../products/tables.js';
import { sellerBusiness, sellers } from '../sellers/tables.js';
import { orderItems, orders } from '../shopper/tables.js';
import { user } from '../auth/tables.js';
import { refunds } from '../refunds/tables.js';
import { buildInvoiceData, type InvoiceInput } from './build.js';
import { financialYearOf, invoiceNumber } from './compute.js';
import type { InvoiceData } from './data.js';
import { invoices } from './tables.js';

type Kind = 'invoice' | 'credit_note';
type ItemRow = typeof orderItems.$inferSelect & { hsnCode: string | null; gstRateBp: number | null; category: string | null };

/**
 * GST documents (issue 26): a tax invoice once an order is paid (COD: delivered), a credit note for
 * each refund of an invoiced order. Numbers count per seller, per kind, per financial year, with no
 * gaps: the seller's row is locked while the next serial is taken.
 */
export function createInvoicesService(deps: { db: Db; now: () => number }) {
  const { db, now } = deps;

  async function nextSerial(tx: Tx, sellerId: string, kind: Kind, fy: string): Promise<number> {
    // NO KEY UPDATE, not UPDATE: this transaction's own inserts that reference the seller hold KEY SHARE
    // on the row, and two payments upgrading to UPDATE wait for each other for good (the bench hung so).
    await tx.select({ id: sellers.id }).from(sellers).where(eq(sellers.id, sellerId)).for('no key update');
    const [row] = await tx
      .select({ n: sql<number>`coalesce(max(${invoices.serial}), 0)::int` })
      .from(invoices)
      .where(and(eq(invoices.sellerId, sellerId), eq(invoices.kind, kind), eq(invoices.financialYear, fy)));
    return (row?.n ?? 0) + 1;
  }

  async function draft(tx: Tx, orderId: string, kind: Kind, items: ItemRow[], original: string | null): Promise<Omit<InvoiceInput, 'number'> & { sellerId: string }> {
    const [row] = await tx
      .select({ order: orders, storeName: sellers.storeName, category: sellers.category, business: sellerBusiness, firstName: user.firstName, lastName: user.lastName })
      .from(orders)
      .innerJoin(sellers, eq(sellers.id, orders.sellerId))
      .innerJoin(user, eq(user.id, orders.userId))
      .leftJoin(sellerBusiness, eq(sellerBusiness.sellerId, sellers.id))
      .where(eq(orders.id, orderId));
    const { order, business } = row!;
    const address = order.address;
    const deliveryCode = (address && gstStateCodeOf(address.state)) ?? business?.stateCode ?? '97';
    // A seller who has not given their business details yet is invoiced under the store's name, in the delivery state.
    const sellerCode = business?.stateCode ?? deliveryCode;
    const lines = items.map((i) => ({
      description: i.productName,
      hsnCode: i.hsnCode ?? CATEGORY_TAX[i.category ?? row!.category ?? '']?.hsnCode ?? '',
      quantity: i.quantity,
      unitPricePaise: rupeesToPaise(i.unitPrice),
      gstRateBp: gstRateBpOf(i.category ? { gstRateBp: i.gstRateBp, category: i.category } : null, row!.category),
    }));
    const name = address?.name || [row!.firstName, row!.lastName].filter(Boolean).join(' ');
    return {
      sellerId: order.sellerId,
      kind,
      issuedAt: new Date(now()).toISOString(),
      orderRef: `#${order.id.slice(-8).toUpperCase()}`,
      orderDate: order.createdAt.toISOString(),
      originalInvoiceNumber: original,
      seller: {
        name: business?.legalName ?? row!.storeName,
        address: business?.address ?? '',
        stateCode: sellerCode,
        stateName: gstStateName(sellerCode) ?? '',
        gstin: business?.gstin ?? null,
        enrolmentNumber: business?.enrolmentNumber ?? null,
      },
      buyer: {
        name,
        address: address ? [address.line1, address.line2, `${address.city}, ${address.state} ${address.pincode}`].filter(Boolean).join(', ') : '',
        stateCode: deliveryCode,
        stateName: gstStateName(deliveryCode) ?? '',
      },
      placeOfSupply: { stateCode: deliveryCode, stateName: gstStateName(deliveryCode) ?? '' },
      items: lines,
    };
  }

  async function itemsOf(tx: Tx, orderId: string, only?: string[]): Promise<ItemRow[]> {
    const rows = await tx
      .select({ item: orderItems, hsnCode: products.hsnCode, gstRateBp: products.gstRateBp, category: products.category })
      .from(orderItems)
      .leftJoin(products, eq(products.id, orderItems.productId))
      .where(and(eq(orderItems.orderId, orderId), only ? inArray(orderItems.id, only) : undefined))
      .orderBy(orderItems.id);
    return rows.map((r) => ({ ...r.item, hsnCode: r.hsnCode, gstRateBp: r.gstRateBp, category: r.category }));
  }

  async function issue(tx: Tx, orderId: string, kind: Kind, items: ItemRow[], refundId: string | null, original: string | null) {
    if (!items.length) return;
    const { sellerId, ...input } = await draft(tx, orderId, kind, items, original);
    const fy = financialYearOf(new Date(now()));
    const serial = await nextSerial(tx, sellerId, kind, fy);
    const number = invoiceNumber(kind === 'invoice' ? 'INV' : 'CN', fy, serial);
    await tx.insert(invoices).values({ sellerId, orderId, kind, refundId, financialYear: fy, serial, number, data: buildInvoiceData({ ...input, number }), createdAt: new Date(now()) });
  }

  return {
    /** Once per order, in the transaction that makes it paid (COD: delivered). */
    async issueInvoice(tx: Tx, orderId: string): Promise<void> {
      const [existing] = await tx.select({ id: invoices.id }).from(invoices).where(and(eq(invoices.orderId, orderId), eq(invoices.kind, 'invoice')));
      if (existing) return;
      await issue(tx, orderId, 'invoice', await itemsOf(tx, orderId), null, null);
    },

    /** A refund of an invoiced order: a credit note for what it refunds (units of one item, or what was left). */
    async issueCreditNote(tx: Tx, refund: { id: string; orderId: string; orderItemId: string | null; quantity: number | null }): Promise<void> {
      const [invoice] = await tx.select().from(invoices).where(and(eq(invoices.orderId, refund.orderId), eq(invoices.kind, 'invoice')));
      if (!invoice) return;
      const all = await itemsOf(tx, refund.orderId, refund.orderItemId ? [refund.orderItemId] : undefined);
      if (refund.orderItemId) return issue(tx, refund.orderId, 'credit_note', all.map((i) => ({ ...i, quantity: refund.quantity ?? i.quantity })), refund.id, invoice.number);
      // Units refunded alone had their own credit notes: the order's refund credits the rest.
      const alone = await tx.select({ itemId: refunds.orderItemId, quantity: refunds.quantity }).from(refunds).where(and(eq(refunds.orderId, refund.orderId), ne(refunds.id, refund.id)));
      const left = all.map((i) => ({ ...i, quantity: i.quantity - alone.filter((r) => r.itemId === i.id).reduce((n, r) => n + (r.quantity ?? i.quantity), 0) }));
      await issue(tx, refund.orderId, 'credit_note', left.filter((i) => i.quantity > 0), refund.id, invoice.number);
    },

    /** The document for its buyer or the store's owner only; null for anyone else, or when there is none. */
    async documentFor(userId: string, orderId: string, kind: Kind): Promise<InvoiceData[] | null> {
      const [order] = await db
        .select({ buyer: orders.userId, owner: sellers.userId })
        .from(orders)
        .innerJoin(sellers, eq(sellers.id, orders.sellerId))
        .where(eq(orders.id, orderId));
      if (!order || (order.buyer !== userId && order.owner !== userId)) return null;
      const docs = await db.select({ data: invoices.data }).from(invoices).where(and(eq(invoices.orderId, orderId), eq(invoices.kind, kind))).orderBy(invoices.serial);
      return docs.length ? docs.map((d) => d.data) : null;
    },
  };
}
export type InvoicesService = ReturnType<typeof createInvoicesService>;
