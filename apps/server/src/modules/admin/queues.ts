import { and, asc, count, countDistinct, eq, inArray, isNull, sql } from 'drizzle-orm';
import { paiseToRupees, rupeesToPaise, type AdminOrder, type AdminOverview, type AdminReturn, type AdminStream, type AdminTicket, type AdminVerification, type TicketStatus } from '@live-market/contract';
import type { Db, Tx } from '../../db/client.js';
import { HttpError } from '../../plugins/errors.js';
import { displayName, user } from '../auth/index.js';
import { ledgerLines } from '../ledger/index.js';
import { messageReports } from '../moderation/tables.js';
import { orderRef } from '../orders/index.js';
import { returnItems, returns } from '../returns/index.js';
import { sellers, verificationSubmissions } from '../sellers/index.js';
import { orderItems, orders } from '../shopper/index.js';
import { streams } from '../streams/index.js';
import { chatMessages } from '../streams/tables.js';
import { supportTickets, ticketDtos, type SupportService } from '../support/index.js';
import { refundApprovals } from './tables.js';

const nameOf = (u: { firstName: string | null; lastName: string | null } | null) => (u ? displayName(u) : '');

/** What is left to refund of an order: its sales not yet taken back (issue 26's ledger is the record). */
export async function refundablePaise(conn: Db | Tx, orderId: string): Promise<number> {
  const [row] = await conn
    .select({ paise: sql<string>`coalesce(sum(${ledgerLines.amountPaise}), 0)` })
    .from(ledgerLines)
    .where(and(eq(ledgerLines.orderId, orderId), inArray(ledgerLines.type, ['sale', 'refund'])));
  return Math.max(0, Number(row?.paise ?? 0));
}

/** Issue 28: the operator console's queues, read only. */
export function createQueues(deps: { db: Db; support: Pick<SupportService, 'queue'> }) {
  const { db } = deps;
  return {
    async overview(): Promise<AdminOverview> {
      const n = async (q: Promise<Array<{ n: number }>>) => (await q)[0]?.n ?? 0;
      const [verifications, reports, escalated, tickets, refundApprovalsPending, liveStreams] = await Promise.all([
        n(db.select({ n: count() }).from(verificationSubmissions).where(eq(verificationSubmissions.status, 'pending'))),
        n(
          db
            .select({ n: countDistinct(messageReports.messageId) })
            .from(messageReports)
            .innerJoin(chatMessages, eq(chatMessages.id, messageReports.messageId))
            .where(and(isNull(chatMessages.deletedAt), eq(chatMessages.held, false))),
        ),
        n(db.select({ n: count() }).from(returns).where(eq(returns.status, 'escalated'))),
        n(db.select({ n: count() }).from(supportTickets).where(inArray(supportTickets.status, ['open', 'answered']))),
        n(db.select({ n: count() }).from(refundApprovals).where(eq(refundApprovals.status, 'pending'))),
        n(db.select({ n: count() }).from(streams).where(eq(streams.isLive, true))),
      ]);
      return { verifications, reports, returns: escalated, tickets, refundApprovals: refundApprovalsPending, liveStreams };
    },

    async verifications(): Promise<AdminVerification[]> {
      const rows = await db
        .select({ s: verificationSubmissions, storeName: sellers.storeName })
        .from(verificationSubmissions)
        .innerJoin(sellers, eq(sellers.id, verificationSubmissions.sellerId))
        .where(eq(verificationSubmissions.status, 'pending'))
        .orderBy(asc(verificationSubmissions.createdAt))
        .limit(200);
      return rows.map(({ s, storeName }) => ({
        id: s.id,
        sellerId: s.sellerId,
        storeName,
        panNumber: s.panNumber,
        gstNumber: s.gstNumber,
        businessPhone: s.businessPhone,
        createdAt: s.createdAt.toISOString(),
      }));
    },

    async returns(): Promise<AdminReturn[]> {
      const rows = await db
        .select({ r: returns, storeName: sellers.storeName, firstName: user.firstName, lastName: user.lastName })
        .from(returns)
        .innerJoin(sellers, eq(sellers.id, returns.sellerId))
        .innerJoin(user, eq(user.id, returns.userId))
        .where(eq(returns.status, 'escalated'))
        .orderBy(asc(returns.updatedAt))
        .limit(200);
      const items = rows.length
        ? await db
            .select({ returnId: returnItems.returnId, name: orderItems.productName, quantity: returnItems.quantity, unitPrice: orderItems.unitPrice })
            .from(returnItems)
            .innerJoin(orderItems, eq(orderItems.id, returnItems.orderItemId))
            .where(inArray(returnItems.returnId, rows.map((r) => r.r.id)))
        : [];
      return rows.map(({ r, storeName, ...buyer }) => {
        const mine = items.filter((i) => i.returnId === r.id);
        return {
          id: r.id,
          orderId: r.orderId,
          storeName,
          buyerName: nameOf(buyer),
          items: mine.map((i) => ({ name: i.name, quantity: i.quantity })),
          reason: r.reason,
          note: r.note,
          sellerNote: r.sellerNote,
          photoUrls: r.photoUrls,
          amount: paiseToRupees(mine.reduce((sum, i) => sum + rupeesToPaise(i.unitPrice) * i.quantity, 0)),
          createdAt: r.createdAt.toISOString(),
        };
      });
    },

    async tickets(status?: TicketStatus): Promise<AdminTicket[]> {
      const tickets = await deps.support.queue(status);
      const names = tickets.length
        ? await db.select({ id: user.id, firstName: user.firstName, lastName: user.lastName }).from(user).where(inArray(user.id, [...new Set(tickets.map((t) => t.userId))]))
        : [];
      return tickets.map(({ userId, ...t }) => ({ ...t, userName: nameOf(names.find((n) => n.id === userId) ?? null) }));
    },

    async ticket(id: string): Promise<AdminTicket> {
      const [row] = await db.select().from(supportTickets).where(eq(supportTickets.id, id));
      if (!row) throw new HttpError(404, 'Ticket not found');
      const [[ticket], [who]] = await Promise.all([ticketDtos(db, [row]), db.select({ firstName: user.firstName, lastName: user.lastName }).from(user).where(eq(user.id, row.userId))]);
      return { ...ticket!, userName: nameOf(who ?? null) };
    },

    async streams(): Promise<AdminStream[]> {
      const rows = await db
        .select({ s: streams, storeName: sellers.storeName })
        .from(streams)
        .innerJoin(sellers, eq(sellers.id, streams.sellerId))
        .where(eq(streams.isLive, true))
        .orderBy(asc(streams.startedAt))
        .limit(200);
      return rows.map(({ s, storeName }) => ({ id: s.id, title: s.title, sellerId: s.sellerId, storeName, viewerCount: s.viewerCount, startedAt: s.startedAt?.toISOString() ?? null }));
    },

    async order(orderId: string): Promise<AdminOrder> {
      const [row] = await db
        .select({ o: orders, storeName: sellers.storeName, firstName: user.firstName, lastName: user.lastName })
        .from(orders)
        .innerJoin(sellers, eq(sellers.id, orders.sellerId))
        .innerJoin(user, eq(user.id, orders.userId))
        .where(eq(orders.id, orderId));
      if (!row) throw new HttpError(404, 'Order not found');
      const { o, storeName, ...buyer } = row;
      return {
        id: o.id,
        ref: orderRef(o.id),
        status: o.status,
        paymentStatus: o.paymentStatus,
        buyerName: nameOf(buyer),
        storeName,
        total: o.totalAmount,
        refundable: paiseToRupees(await refundablePaise(db, o.id)),
        createdAt: o.createdAt.toISOString(),
      };
    },
  };
}

export type Queues = ReturnType<typeof createQueues>;
