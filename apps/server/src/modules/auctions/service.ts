import { and, desc, eq, sql } from 'drizzle-orm';
import {
  nextValidBidPaise,
  paiseToRupees,
  rupeesToPaise,
  type Auction,
  type BidBody,
  type CreateAuctionBody,
} from '@live-market/contract';
import type { Db, Tx } from '../../db/client.js';
import { afterCommit } from '../../db/after-commit.js';
import type { Deadlines } from '../../jobs/timers.js';
import { HttpError } from '../../plugins/errors.js';
import { coalesce } from '../../realtime/coalesce.js';
import type { Hub } from '../../realtime/hub.js';
import { assertMayTakePart } from '../moderation/index.js';
import { products } from '../products/index.js';
import { sellers } from '../sellers/index.js';
import { lockOwnLiveShow, streams } from '../streams/index.js';
import { placeBid, type BidOutcome } from './engine.js';
import { offerToNextBidder, type Winners } from './winners.js';
import { readAuction, stateOf } from './auction-view.js';
import { AcceptedBids, KnownAuctions, cannotLead, type Known } from './known-auctions.js';
import { auctionBids, auctions } from './tables.js';
import { formatRupees } from '../../i18n/rupees.js';

type AuctionRow = typeof auctions.$inferSelect;

export const AUCTION_END_JOB = 'auction-end';
// A finished auction is still answered as the show's current one for this long ("Sold to …").
const ENDED_SHOWN_MS = 30_000;

const inRupees = (paise: number) => formatRupees(paise / 100);

export interface AuctionsDeps {
  db: Db;
  hub: Hub;
  deadlines: Deadlines;
  winners: Winners;
  now: () => number;
  onError: (err: unknown) => void;
}

type Decided = BidOutcome | { kind: 'replayed' };


export function createAuctionsService(deps: AuctionsDeps) {
  const { db, hub, deadlines, now } = deps;
  const known = new KnownAuctions();

  async function load(conn: Db | Tx, auctionId: string, userId?: string): Promise<Auction | null> {
    const read = await readAuction(conn, auctionId, now(), userId);
    if (read) known.learn(read.auction.id, { pricePaise: read.row.price ? rupeesToPaise(read.row.price) : null, leaderId: read.row.leaderId, over: read.row.status !== 'active' });
    return read?.auction ?? null;
  }

  async function mustLoad(conn: Db | Tx, auctionId: string, userId?: string): Promise<Auction> {
    const found = await load(conn, auctionId, userId);
    if (!found) throw new HttpError(404, 'Auction not found');
    return found;
  }

  // A burst of bids becomes a few messages carrying the latest state (each instance coalesces its own).
  const broadcast = coalesce(
    async (auctionId) => {
      const auction = await load(db, auctionId);
      if (auction) await hub.broadcast(auction.streamId, { type: 'auction_update', streamId: auction.streamId, auction });
    },
    50,
    deps.onError,
  );

  function endAt(tx: Tx, a: { id: string; endsAt: Date }) {
    afterCommit(tx, () => deadlines.at(AUCTION_END_JOB, `${a.id}:${a.endsAt.toISOString()}`, { auctionId: a.id }, a.endsAt.getTime()));
  }

  /** Ends an auction whose time is up, in the caller's transaction (its row locked): to the winner, or back to stock. */
  async function finish(tx: Tx, a: AuctionRow): Promise<void> {
    if (a.status !== 'active') return;
    if (a.endsAt.getTime() > now()) return endAt(tx, a);
    await tx.update(auctions).set({ status: 'ended', endedAt: new Date(now()) }).where(eq(auctions.id, a.id));
    if (a.leaderId && a.price) {
      await deps.winners.award(tx, { auctionId: a.id, streamId: a.streamId, productId: a.productId, userId: a.leaderId, price: a.price, kind: 'auction_won' });
    } else {
      await tx.update(products).set({ stockQuantity: sql`${products.stockQuantity} + 1`, updatedAt: new Date() }).where(eq(products.id, a.productId));
    }
    afterCommit(tx, async () => {
      const auction = await load(db, a.id);
      if (!auction) return;
      await hub.broadcast(a.streamId, { type: 'auction_update', streamId: a.streamId, auction });
      await hub.broadcast(a.streamId, { type: 'auction_ended', streamId: a.streamId, auctionId: a.id, winnerName: auction.leaderName, price: auction.highestBid });
    });
  }

  async function lockAuction(tx: Tx, auctionId: string) {
    const [row] = await tx
      .select({ a: auctions, sellerId: streams.sellerId, ownerId: sellers.userId })
      .from(auctions)
      .innerJoin(streams, eq(streams.id, auctions.streamId))
      .innerJoin(sellers, eq(sellers.id, streams.sellerId))
      .where(eq(auctions.id, auctionId))
      .for('update', { of: auctions });
    if (!row) throw new HttpError(404, 'Auction not found');
    return row;
  }

  /** Decides one bid under the auction's lock and saves what it changed. Errors the bidder must see are thrown after. */
  async function decide(tx: Tx, userId: string, auctionId: string, body: BidBody): Promise<Decided> {
    const { a, sellerId, ownerId } = await lockAuction(tx, auctionId);
    // Under the lock this is the committed state: safe to remember for refusing low bids early.
    known.learn(a.id, { sellerId, ownerId, startingPaise: rupeesToPaise(a.startingBid), pricePaise: a.price ? rupeesToPaise(a.price) : null, leaderId: a.leaderId, over: a.status !== 'active' });
    if (ownerId === userId) throw new HttpError(403, 'You cannot bid in your own auction');
    await assertMayTakePart(tx, sellerId, userId);
    const [earlier] = await tx
      .select({ id: auctionBids.id })
      .from(auctionBids)
      .where(and(eq(auctionBids.auctionId, a.id), eq(auctionBids.userId, userId), eq(auctionBids.idempotencyKey, body.idempotencyKey)));
    if (earlier) {
      accepted.remember(a.id, userId, body.idempotencyKey);
      return { kind: 'replayed' };
    }
    if (a.status !== 'active') return { kind: 'late' };
    const at = now();
    const outcome = placeBid(stateOf(a), {
      userId,
      amountPaise: rupeesToPaise(body.amount),
      ...(body.maxAmount ? { maxPaise: rupeesToPaise(body.maxAmount) } : {}),
      at,
    });
    if (outcome.kind !== 'leading' && outcome.kind !== 'outbid') return outcome;
    const { leader, maxima, endsAt } = outcome.state;
    const changed = {
      leaderId: leader!.userId,
      price: paiseToRupees(leader!.pricePaise),
      leaderMax: paiseToRupees(maxima.get(leader!.userId) ?? leader!.pricePaise),
      endsAt: new Date(endsAt),
      bidCount: a.bidCount + outcome.accepted.length,
    };
    await tx.update(auctions).set(changed).where(eq(auctions.id, a.id));
    if (outcome.accepted.length) {
      await tx.insert(auctionBids).values(
        outcome.accepted.map((b) => ({
          auctionId: a.id,
          userId: b.userId,
          amount: paiseToRupees(b.pricePaise),
          proxy: b.proxy,
          idempotencyKey: b.userId === userId ? body.idempotencyKey : null,
          // The decision's time under the lock (not the transaction's start): accepted bids are in time order.
          createdAt: new Date(at),
        })),
      );
    }
    if (endsAt !== a.endsAt.getTime()) endAt(tx, { id: a.id, endsAt: changed.endsAt });
    afterCommit(tx, () => {
      if (outcome.accepted.some((b) => b.userId === userId)) accepted.remember(a.id, userId, body.idempotencyKey);
      known.learn(a.id, { sellerId, ownerId, startingPaise: rupeesToPaise(a.startingBid), pricePaise: leader!.pricePaise, leaderId: leader!.userId, over: false });
      broadcast(a.id);
    });
    return outcome;
  }

  /** Whether, by what this instance last saw committed, the bid cannot lead (so it needs no lock to refuse). */
  const accepted = new AcceptedBids(db);

  /**
   * Refuses, without the auction's lock, a bid that cannot lead by what this instance saw committed
   * (never ahead of the database, so never a wrong refusal): a crowd's losing bids cost one indexed read
   * for their key, not a locked transaction (decision 027). A banned bidder's losing bid hears "bid at
   * least", and the ban when they bid enough to lead.
   */
  async function refuse(k: Known, userId: string, auctionId: string, body: BidBody): Promise<'replayed'> {
    if (k.ownerId === userId) throw new HttpError(403, 'You cannot bid in your own auction');
    if (await accepted.has(auctionId, userId, body.idempotencyKey)) return 'replayed';
    if (k.over) throw new HttpError(409, 'This auction has ended');
    throw new HttpError(409, 'Bid at least {{amount}}', { amount: inRupees(nextValidBidPaise(k.pricePaise, k.startingPaise)) });
  }

  // Bids that may lead wait here, one per auction at a time on this instance, before the database lock:
  // when its turn comes a bid is judged again against what the bids ahead of it committed, so a crowd
  // bidding the same amount costs one locked transaction, not one each.
  const turns = new Map<string, Promise<void>>();
  async function inTurn<T>(auctionId: string, work: () => Promise<T>): Promise<T> {
    const ahead = turns.get(auctionId) ?? Promise.resolve();
    let done!: () => void;
    const mine = ahead.then(() => new Promise<void>((resolve) => (done = resolve)));
    turns.set(auctionId, mine);
    await ahead;
    try {
      return await work();
    } finally {
      done();
      if (turns.get(auctionId) === mine) turns.delete(auctionId);
    }
  }

  const service = {
    async start(userId: string, streamId: string, body: CreateAuctionBody): Promise<Auction> {
      return db.transaction(async (tx) => {
        const show = await lockOwnLiveShow(tx, streamId, userId, 'Only the stream owner can start an auction');
        const [open] = await tx.select().from(auctions).where(and(eq(auctions.streamId, streamId), eq(auctions.status, 'active'))).for('update');
        if (open) {
          await finish(tx, open);
          if (open.endsAt.getTime() > now()) throw new HttpError(409, 'This show already has an auction running');
        }
        const [product] = await tx
          .update(products)
          .set({ stockQuantity: sql`${products.stockQuantity} - 1`, updatedAt: new Date() })
          .where(and(eq(products.id, body.productId), eq(products.sellerId, show.sellerId), eq(products.isActive, true), sql`${products.stockQuantity} >= 1`))
          .returning({ id: products.id });
        if (!product) {
          const [exists] = await tx.select({ id: products.id }).from(products).where(and(eq(products.id, body.productId), eq(products.sellerId, show.sellerId), eq(products.isActive, true)));
          throw exists ? new HttpError(409, 'Out of stock') : new HttpError(404, 'Product not found');
        }
        const endsAt = new Date(now() + body.durationSeconds * 1000);
        const [created] = await tx
          .insert(auctions)
          .values({ streamId, productId: product.id, startingBid: body.startingBid, endsAt, suddenDeath: body.suddenDeath ?? false })
          .returning({ id: auctions.id });
        endAt(tx, { id: created!.id, endsAt });
        afterCommit(tx, () => {
          // Known from the start, so even the opening rush is judged without the lock where it can be.
          known.learn(created!.id, { sellerId: show.sellerId, ownerId: userId, startingPaise: rupeesToPaise(body.startingBid), pricePaise: null, leaderId: null, over: false });
          broadcast(created!.id);
        });
        return mustLoad(tx, created!.id);
      });
    },

    get: (auctionId: string, userId?: string) => mustLoad(db, auctionId, userId),

    /** The show's running auction, or the one that just ended; a cancelled one is gone. */
    async current(streamId: string, userId?: string): Promise<Auction | null> {
      const [latest] = await db
        .select({ id: auctions.id, status: auctions.status, endsAt: auctions.endsAt })
        .from(auctions)
        .where(eq(auctions.streamId, streamId))
        .orderBy(desc(auctions.createdAt))
        .limit(1);
      if (!latest || latest.status === 'cancelled' || now() - latest.endsAt.getTime() > ENDED_SHOWN_MS) return null;
      return load(db, latest.id, userId);
    },

    /** 201 with the auction when the bid leads (or a replayed key finds its bid); every other outcome throws. */
    async bid(userId: string, auctionId: string, body: BidBody): Promise<Auction> {
      if (body.maxAmount && rupeesToPaise(body.maxAmount) < rupeesToPaise(body.amount)) {
        throw new HttpError(400, 'Your maximum bid must be at least your bid');
      }
      let outcome: Decided | null = null;
      if (!cannotLead(known.get(auctionId), userId, body)) {
        outcome = await inTurn(auctionId, async () =>
          cannotLead(known.get(auctionId), userId, body) ? null : db.transaction((tx) => decide(tx, userId, auctionId, body)),
        );
      }
      if (outcome === null) {
        await refuse(known.get(auctionId)!, userId, auctionId, body);
        return mustLoad(db, auctionId, userId);
      }
      if (outcome.kind === 'late') throw new HttpError(409, 'This auction has ended');
      if (outcome.kind === 'too_low') throw new HttpError(409, 'Bid at least {{amount}}', { amount: inRupees(outcome.nextValidPaise) });
      if (outcome.kind === 'outbid') {
        const next = nextValidBidPaise(outcome.state.leader!.pricePaise, outcome.state.startingBidPaise);
        throw new HttpError(409, 'You have been outbid: bid at least {{amount}}', { amount: inRupees(next) });
      }
      return mustLoad(db, auctionId, userId);
    },

    /** The owner takes it back while nobody has bid; after the first bid it runs to its end. */
    async cancel(userId: string, auctionId: string): Promise<void> {
      await db.transaction(async (tx) => {
        const { a, ownerId } = await lockAuction(tx, auctionId);
        if (ownerId !== userId) throw new HttpError(403, 'Only the stream owner can cancel an auction');
        if (a.bidCount > 0) throw new HttpError(409, 'An auction with a bid cannot be cancelled');
        if (a.status !== 'active') throw new HttpError(409, 'This auction has ended');
        await tx.update(auctions).set({ status: 'cancelled', endedAt: new Date(now()) }).where(eq(auctions.id, a.id));
        await tx.update(products).set({ stockQuantity: sql`${products.stockQuantity} + 1`, updatedAt: new Date() }).where(eq(products.id, a.productId));
        afterCommit(tx, () => broadcast(a.id));
      });
    },

    /** Deadline: the auction's time is up (or was extended: then it waits for the new end). */
    async finishDue(auctionId: string): Promise<void> {
      await db.transaction(async (tx) => {
        const [a] = await tx.select().from(auctions).where(eq(auctions.id, auctionId)).for('update');
        if (a) await finish(tx, a);
      });
    },

    /** OrderAuctions.release: a won order ended unpaid or cancelled. */
    async release(tx: Tx, auctionId: string, by: 'buyer' | 'seller' | 'payment'): Promise<void> {
      const [a] = await tx.select().from(auctions).where(eq(auctions.id, auctionId)).for('update');
      if (!a) return;
      if (by !== 'seller' && (await offerToNextBidder(tx, deps.winners, a))) return;
      await tx.update(products).set({ stockQuantity: sql`${products.stockQuantity} + 1`, updatedAt: new Date() }).where(eq(products.id, a.productId));
    },
  };
  deadlines.define<{ auctionId: string }>(AUCTION_END_JOB, (job) => service.finishDue(job.auctionId));
  return service;
}

export type AuctionsService = ReturnType<typeof createAuctionsService>;
