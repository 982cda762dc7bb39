import { check, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { sellers } from '../sellers/tables.js';
import { orders } from '../shopper/tables.js';
import { createdAt } from '../../db/columns.js';
import type { InvoiceData } from './data.js';

/**
 * GST tax invoices and credit notes (issue 26). The serial counts per seller, per kind and per
 * financial year ("2026-27"); what the document says is kept as issued, so a later edit of a product,
 * an address or the seller's details never rewrites it.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => sellers.id, { onDelete: 'restrict' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    kind: text('kind', { enum: ['invoice', 'credit_note'] }).notNull(),
    /** A credit note's refund; null for an invoice. */
    refundId: uuid('refund_id'),
    financialYear: text('financial_year').notNull(),
    serial: integer('serial').notNull(),
    number: text('number').notNull(),
    data: jsonb('data').$type<InvoiceData>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('invoices_serial_uq').on(t.sellerId, t.kind, t.financialYear, t.serial),
    uniqueIndex('invoices_one_per_order_uq').on(t.orderId).where(sql`${t.kind} = 'invoice'`),
    uniqueIndex('invoices_one_per_refund_uq').on(t.refundId),
    check('invoices_serial_positive', sql`${t.serial} > 0`),
  ],
);
