import { and, asc, desc, eq, gte, sql } from 'drizzle-orm';
import { DEAL_WAITLIST_HOLD_MINUTES, rupeesToPaise, type CreateDealBody, type Deal, type WaitlistResult } from '@live-market/contract';
import type { Db, Tx } from '../../db/client.js';
import { afterCommit } from '../../db/after-commit.js';
import type { Deadlines } from '../../jobs/timers.js';
import { HttpError } from '../../plugins/errors.js';
import { coalesce } from '../../realtime/coalesce.js';
import type { Bus } from '../../realtime/bus.js';
import type { Hub } from '../../realtime/hub.js';
import { assertMayTakePart } from '../moderation/index.js';
import { notify, type UnreadPush } from '../notifications/index.js';
import { products } from '../products/index.js';
import type { PushSender } from '../push/index.js';
import { sellers } from '../sellers/index.js';
import { lockOwnLiveShow, streams } from '../streams/index.js';
import { dealDto, dealViewer, holdersOf, running, type DealRow } from './deal-view.js';
import { createSoldOut } from './sold-out.js';
import { dealWaitlist, deals } from './tables.js';
import { formatRupees } from '../../i18n/rupees.js';

export const DEAL_END_JOB = 'deal-end';
export const DEAL_HOLD_JOB = 'deal-hold';
// An ended deal is still answered for this long, so a banner can say it ended rather than vanish.
const ENDED_SHOWN_MS = 30_000;
const HOLD_MS = DEAL_WAITLIST_HOLD_MINUTES * 60_000;

export interface DealsDeps {
  db: Db;
  hub: Hub;
  deadlines: Deadlines;
  push: PushSender;
  pushUnread: UnreadPush;
  now: () => number;
  onError: (err: unknown) => void;
  /** Tells every instance a deal sold out (and when units come back); without it only this instance knows. */
  bus?: Bus;
}

/** What an order with a dealId takes from the deal, inside the order's transaction. */
export interface DealTake {
  dealId: string;
  userId: string;
  productId: string;
  quantity: number;
}

export function createDealsService(deps: DealsDeps) {
  const { db, hub, deadlines, now } = deps;
  const soldOut = createSoldOut(deps.bus, now);

  async function lock(tx: Tx, dealId: string): Promise<DealRow> {
    const [deal] = await tx.select().from(deals).where(eq(deals.id, dealId)).for('update');
    if (!deal) throw new HttpError(404, 'Deal not found');
    return deal;
  }

  /**
   * Waiting for a unit and buying one are taking part in the show: the same check as a chat line, a vote
   * or a bid (a banned or timed-out viewer may watch, not buy at the deal's price).
   */
  async function assertMayJoin(tx: Tx, deal: DealRow, userId: string): Promise<void> {
    const [show] = await tx
      .select({ sellerId: streams.sellerId, ownerId: sellers.userId })
      .from(streams)
      .innerJoin(sellers, eq(sellers.id, streams.sellerId))
      .where(eq(streams.id, deal.streamId));
    if (show!.ownerId === userId) throw new HttpError(403, 'You cannot buy from your own store');
    await assertMayTakePart(tx, show!.sellerId, userId);
  }

  const toDto = (conn: Db | Tx, deal: DealRow, userId?: string) => dealDto(conn, deal, now(), userId);

  // Every viewer hears units left change; a burst of orders is a few messages of the latest count.
  const broadcast = coalesce(
    async (dealId) => {
      const [deal] = await db.select().from(deals).where(eq(deals.id, dealId));
      if (deal) await hub.broadcast(deal.streamId, { type: 'deal_update', streamId: deal.streamId, deal: await toDto(db, deal) });
    },
    100,
    deps.onError,
  );

  /** The units left go back to the product once the deal has ended; after that a released unit goes there too. */
  async function settle(tx: Tx, deal: DealRow): Promise<void> {
    if (deal.settledAt !== null || running(deal, now())) return;
    await tx.update(products).set({ stockQuantity: sql`${products.stockQuantity} + ${deal.unitsLeft}`, updatedAt: new Date() }).where(eq(products.id, deal.productId));
    await tx.update(deals).set({ settledAt: new Date(now()) }).where(eq(deals.id, deal.id));
    afterCommit(tx, () => {
      broadcast(deal.id);
      // An ended deal is answered by its row ("This deal has ended"), not as sold out.
      soldOut.available(deal.id);
    });
  }

  /**
   * One unit comes back (an order cancelled, a payment failed or timed out, a hold expired): while the
   * deal runs it is held for the first person waiting, or returned to the deal; after, to the product.
   */
  async function giveBack(tx: Tx, deal: DealRow): Promise<void> {
    if (running(deal, now())) {
      const [next] = await tx
        .select({ id: dealWaitlist.id, userId: dealWaitlist.userId })
        .from(dealWaitlist)
        .where(and(eq(dealWaitlist.dealId, deal.id), eq(dealWaitlist.status, 'waiting')))
        .orderBy(asc(dealWaitlist.createdAt), asc(dealWaitlist.id))
        .limit(1);
      if (next) {
        const holdUntil = new Date(now() + HOLD_MS);
        await tx.update(dealWaitlist).set({ status: 'offered', holdUntil }).where(eq(dealWaitlist.id, next.id));
        const [product] = await tx.select({ name: products.name }).from(products).where(eq(products.id, deal.productId));
        const link = `/stream/${deal.streamId}`;
        await notify(tx, {
          userId: next.userId,
          type: 'promotion',
          kind: 'deal_hold',
          params: { product: product?.name ?? '', amount: formatRupees(deal.dealPrice), minutes: DEAL_WAITLIST_HOLD_MINUTES },
          link,
        });
        afterCommit(tx, async () => {
          soldOut.held(deal.id, next.userId);
          deadlines.at(DEAL_HOLD_JOB, `${next.id}:${holdUntil.toISOString()}`, { waitlistId: next.id }, holdUntil.getTime());
          await deps.pushUnread([next.userId]);
          await deps.push.sendNotifications([next.userId], link, { ttlSeconds: DEAL_WAITLIST_HOLD_MINUTES * 60, urgency: 'high' });
        });
        return;
      }
    }
    if (deal.settledAt === null) {
      // Running, or ended but not settled yet: settling returns it with the rest.
      await tx.update(deals).set({ unitsLeft: sql`${deals.unitsLeft} + 1` }).where(eq(deals.id, deal.id));
      deal.unitsLeft += 1;
      afterCommit(tx, () => {
        broadcast(deal.id);
        soldOut.available(deal.id);
      });
    } else {
      await tx.update(products).set({ stockQuantity: sql`${products.stockQuantity} + 1`, updatedAt: new Date() }).where(eq(products.id, deal.productId));
    }
  }

  return {
    async start(userId: string, streamId: string, body: CreateDealBody): Promise<Deal> {
      return db.transaction(async (tx) => {
        const show = await lockOwnLiveShow(tx, streamId, userId, 'Only the stream owner can start a deal');
        const open = await tx.select().from(deals).where(and(eq(deals.streamId, streamId), sql`${deals.settledAt} is null`));
        for (const deal of open) {
          if (running(deal, now())) throw new HttpError(409, 'This show already has a deal running');
          await settle(tx, deal);
        }
        const [product] = await tx
          .select({ id: products.id, price: products.price, stock: products.stockQuantity })
          .from(products)
          .where(and(eq(products.id, body.productId), eq(products.sellerId, show.sellerId), eq(products.isActive, true)));
        if (!product) throw new HttpError(404, 'Product not found');
        if (rupeesToPaise(body.dealPrice) >= rupeesToPaise(product.price)) {
          throw new HttpError(409, 'The deal price must be below the price ({{price}})', { price: formatRupees(product.price) });
        }
        const [taken] = await tx
          .update(products)
          .set({ stockQuantity: sql`${products.stockQuantity} - ${body.units}`, updatedAt: new Date() })
          .where(and(eq(products.id, product.id), gte(products.stockQuantity, body.units)))
          .returning({ id: products.id });
        if (!taken) throw new HttpError(409, 'Only {{stock}} left in stock', { stock: product.stock });
        const endsAt = new Date(now() + body.durationSeconds * 1000);
        const [deal] = await tx
          .insert(deals)
          .values({ streamId, productId: product.id, dealPrice: body.dealPrice, units: body.units, unitsLeft: body.units, perBuyerLimit: body.perBuyerLimit, endsAt })
          .returning();
        afterCommit(tx, () => {
          deadlines.at(DEAL_END_JOB, deal!.id, { dealId: deal!.id }, endsAt.getTime());
          broadcast(deal!.id);
        });
        return toDto(tx, deal!);
      });
    },

    /** The show's running deal; an ended one for a short while, or while this viewer holds a unit of it. */
    async active(streamId: string, userId?: string): Promise<Deal | null> {
      const [deal] = await db.select().from(deals).where(eq(deals.streamId, streamId)).orderBy(desc(deals.createdAt)).limit(1);
      if (!deal) return null;
      const dto = await toDto(db, deal, userId);
      const recentlyEnded = now() - deal.endsAt.getTime() < ENDED_SHOWN_MS;
      return dto.isActive || recentlyEnded || dto.viewer?.holdUntil ? dto : null;
    },

    /** PATCH {isActive: false}: the owner ends it now; ending an ended deal changes nothing. */
    async end(userId: string, dealId: string): Promise<Deal> {
      return db.transaction(async (tx) => {
        const deal = await lock(tx, dealId);
        const [owner] = await tx
          .select({ userId: sellers.userId })
          .from(streams)
          .innerJoin(sellers, eq(sellers.id, streams.sellerId))
          .where(eq(streams.id, deal.streamId));
        if (owner?.userId !== userId) throw new HttpError(403, 'Only the stream owner can end a deal');
        if (running(deal, now())) {
          const at = new Date(now());
          await tx.update(deals).set({ endedAt: at, endsAt: at }).where(eq(deals.id, deal.id));
          Object.assign(deal, { endedAt: at, endsAt: at });
        }
        await settle(tx, deal);
        return toDto(tx, { ...deal, settledAt: deal.settledAt ?? new Date(now()) }, userId);
      });
    },

    /** Deadline: the deal's time is up. */
    async settleDue(dealId: string): Promise<void> {
      await db.transaction(async (tx) => {
        const [deal] = await tx.select().from(deals).where(eq(deals.id, dealId)).for('update');
        if (deal) await settle(tx, deal);
      });
    },

    async joinWaitlist(userId: string, dealId: string): Promise<{ created: boolean; result: WaitlistResult }> {
      return db.transaction(async (tx) => {
        const deal = await lock(tx, dealId);
        await assertMayJoin(tx, deal, userId);
        if (!running(deal, now())) throw new HttpError(409, 'This deal has ended');
        if (deal.unitsLeft > 0) throw new HttpError(409, 'This deal is not sold out: grab it now');
        const [inserted] = await tx.insert(dealWaitlist).values({ dealId, userId }).onConflictDoNothing().returning({ id: dealWaitlist.id });
        const [mine] = await tx.select().from(dealWaitlist).where(and(eq(dealWaitlist.dealId, dealId), eq(dealWaitlist.userId, userId)));
        const [ahead] = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(dealWaitlist)
          .where(and(eq(dealWaitlist.dealId, dealId), eq(dealWaitlist.status, 'waiting'), sql`(${dealWaitlist.createdAt}, ${dealWaitlist.id}) < (${mine!.createdAt}, ${mine!.id})`));
        return { created: Boolean(inserted), result: { position: (ahead?.n ?? 0) + 1 } };
      });
    },

    /** Deadline: a hold ran out unused; the unit goes to the next person waiting (or back). */
    async expireHold(waitlistId: string): Promise<void> {
      await db.transaction(async (tx) => {
        const [place] = await tx.select().from(dealWaitlist).where(eq(dealWaitlist.id, waitlistId));
        if (!place) return;
        const deal = await lock(tx, place.dealId);
        const [expired] = await tx
          .update(dealWaitlist)
          .set({ status: 'expired' })
          .where(and(eq(dealWaitlist.id, waitlistId), eq(dealWaitlist.status, 'offered'), sql`${dealWaitlist.holdUntil} <= ${new Date(now())}`))
          .returning({ id: dealWaitlist.id });
        if (expired) await giveBack(tx, deal);
      });
    },

    /**
     * An order at the deal's price, in the order's transaction (the deal's row is locked, so orders of one
     * deal are decided one at a time on every instance): within the per-buyer limit, from a hold this buyer
     * has or from the units left. Returns the price and the show.
     */
    async take(tx: Tx, want: DealTake): Promise<{ price: string; streamId: string }> {
      const deal = await lock(tx, want.dealId);
      if (deal.productId !== want.productId) throw new HttpError(400, 'This deal is for another product');
      await assertMayJoin(tx, deal, want.userId);
      const mine = await dealViewer(tx, deal.id, want.userId, now());
      if (mine.bought + want.quantity > deal.perBuyerLimit) {
        throw new HttpError(409, 'At most {{limit}} per buyer in this deal', { limit: deal.perBuyerLimit });
      }
      if (mine.holdUntil && want.quantity === 1) {
        await tx.update(dealWaitlist).set({ status: 'used' }).where(and(eq(dealWaitlist.dealId, deal.id), eq(dealWaitlist.userId, want.userId)));
        return { price: deal.dealPrice, streamId: deal.streamId };
      }
      if (!running(deal, now())) throw new HttpError(409, 'This deal has ended');
      if (deal.unitsLeft < want.quantity) {
        if (deal.unitsLeft > 0) throw new HttpError(409, 'Only {{units}} left in this deal', { units: deal.unitsLeft });
        soldOut.stillSoldOut(deal.id, await holdersOf(tx, deal.id, now()));
        throw new HttpError(409, 'Sold out');
      }
      await tx.update(deals).set({ unitsLeft: sql`${deals.unitsLeft} - ${want.quantity}` }).where(eq(deals.id, deal.id));
      const lastUnits = deal.unitsLeft === want.quantity ? await holdersOf(tx, deal.id, now()) : null;
      afterCommit(tx, () => {
        broadcast(deal.id);
        if (lastUnits) soldOut.soldOut(deal.id, lastUnits);
      });
      return { price: deal.dealPrice, streamId: deal.streamId };
    },

    /**
     * Before the order's transaction: a deal this instance knows is sold out is refused here, with the
     * lock's own answer, without touching its row (decision 051).
     */
    refuseSoldOut(dealId: string, userId: string): void {
      soldOut.refuse(dealId, userId);
    },

    /** An order of the deal ended without being paid (or was cancelled): its units come back one by one. */
    async release(tx: Tx, dealId: string, quantity: number): Promise<void> {
      const [deal] = await tx.select().from(deals).where(eq(deals.id, dealId)).for('update');
      if (!deal) return;
      for (let i = 0; i < quantity; i += 1) await giveBack(tx, deal);
    },

    defineDeadlines() {
      deadlines.define<{ dealId: string }>(DEAL_END_JOB, (job) => this.settleDue(job.dealId));
      deadlines.define<{ waitlistId: string }>(DEAL_HOLD_JOB, (job) => this.expireHold(job.waitlistId));
    },
  };
}

export type DealsService = ReturnType<typeof createDealsService>;
