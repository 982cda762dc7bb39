import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { GRIEVANCE_ACKNOWLEDGE_HOURS, GRIEVANCE_RESOLVE_DAYS, type CreateTicketBody, type Ticket, type TicketCreated } from '@live-market/contract';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.js';
import { notify } from '../notifications/index.js';
import { HttpError } from '../../plugins/errors.js';
import { orders } from '../shopper/index.js';
import { supportMessages, supportTickets } from './tables.js';

type Body = z.output<typeof CreateTicketBody>;
type TicketRow = typeof supportTickets.$inferSelect;
const HOUR = 3_600_000;

/** "LM-000042": what the user quotes when they write or call. */
export const ticketNumber = (n: number) => `LM-${String(n).padStart(6, '0')}`;

export const clocksOf = (createdAt: Date) => ({
  acknowledgeBy: new Date(createdAt.getTime() + GRIEVANCE_ACKNOWLEDGE_HOURS * HOUR),
  resolveBy: new Date(createdAt.getTime() + GRIEVANCE_RESOLVE_DAYS * 24 * HOUR),
});

export async function ticketDtos(db: Db, rows: TicketRow[]): Promise<Ticket[]> {
  if (!rows.length) return [];
  const messages = await db.select().from(supportMessages).where(inArray(supportMessages.ticketId, rows.map((r) => r.id))).orderBy(asc(supportMessages.id));
  return rows.map((r) => {
    const clocks = clocksOf(r.createdAt);
    return {
      id: r.id,
      ticketNumber: ticketNumber(r.number),
      category: r.category,
      status: r.status,
      orderId: r.orderId,
      createdAt: r.createdAt.toISOString(),
      acknowledgeBy: clocks.acknowledgeBy.toISOString(),
      resolveBy: clocks.resolveBy.toISOString(),
      messages: messages.filter((m) => m.ticketId === r.id).map((m) => ({ from: m.from, body: m.body, at: m.createdAt.toISOString() })),
    };
  });
}

export function createSupportService(deps: { db: Db }) {
  const { db } = deps;
  return {
    /** POST /api/support/tickets: about one of the user's own orders, or none. */
    async open(userId: string, body: Body): Promise<TicketCreated> {
      return db.transaction(async (tx) => {
        if (body.orderId) {
          const [order] = await tx.select({ id: orders.id }).from(orders).where(and(eq(orders.id, body.orderId), eq(orders.userId, userId)));
          if (!order) throw new HttpError(404, 'Order not found');
        }
        const [row] = await tx.insert(supportTickets).values({ userId, orderId: body.orderId ?? null, category: body.category }).returning();
        await tx.insert(supportMessages).values({ ticketId: row!.id, from: 'user', body: body.message });
        return { id: row!.id, ticketNumber: ticketNumber(row!.number) };
      });
    },

    /**
     * Issue 28: an operator's answer, which the user reads in /support and is notified of; `resolve`
     * closes the ticket. `within` is the operator's own work (the audit line), in the same transaction.
     */
    async answer(ticketId: string, operatorId: string, body: { message: string; resolve: boolean }, within: (tx: Tx, ticketNumber: string) => Promise<void>) {
      return db.transaction(async (tx) => {
        const [ticket] = await tx.select().from(supportTickets).where(eq(supportTickets.id, ticketId)).for('update');
        if (!ticket) throw new HttpError(404, 'Ticket not found');
        if (ticket.status === 'resolved') throw new HttpError(409, 'This ticket is resolved already');
        await tx.insert(supportMessages).values({ ticketId, from: 'operator', operatorId, body: body.message });
        const at = new Date();
        await tx
          .update(supportTickets)
          .set({ status: body.resolve ? 'resolved' : 'answered', acknowledgedAt: ticket.acknowledgedAt ?? at, resolvedAt: body.resolve ? at : null })
          .where(eq(supportTickets.id, ticketId));
        const kind = body.resolve ? 'ticket_resolved' : 'ticket_answered';
        await notify(tx, { userId: ticket.userId, type: 'support', kind, params: { ticket: ticketNumber(ticket.number) }, link: '/support' });
        await within(tx, ticketNumber(ticket.number));
        return { userId: ticket.userId };
      });
    },
    /** The operators' queue (one status, or all): those still open first, the legal clocks' soonest first. */
    async queue(status?: Ticket['status']) {
      const rows = await db
        .select()
        .from(supportTickets)
        .where(status ? eq(supportTickets.status, status) : undefined)
        .orderBy(sql`${supportTickets.status} = 'resolved'`, asc(supportTickets.createdAt))
        .limit(200);
      const dtos = await ticketDtos(db, rows);
      return dtos.map((t, i) => ({ ...t, userId: rows[i]!.userId }));
    },
    /** GET /api/support/tickets: the user's own, newest first. */
    async mine(userId: string): Promise<Ticket[]> {
      return ticketDtos(db, await db.select().from(supportTickets).where(eq(supportTickets.userId, userId)).orderBy(desc(supportTickets.createdAt)).limit(100));
    },
  };
}

export type SupportService = ReturnType<typeof createSupportService>;
