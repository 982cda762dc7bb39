import { desc, eq } from 'drizzle-orm';
import { AUCTION_BIDS_SHOWN, nextValidBidPaise, paiseToRupees, rupeesToPaise, type Auction } from '@live-market/contract';
import type { Db, Tx } from '../../db/client.js';
import { displayName, user } from '../auth/index.js';
import { products } from '../products/index.js';
import { auctionBids, auctions } from './tables.js';
import type { AuctionState } from './engine.js';
import { winnerPayBy } from './winners.js';

/** An auction as the show's viewers see it (the bids shown, the next valid bid, the winner's pay-by), with its row. */
export async function readAuction(conn: Db | Tx, auctionId: string, t: number, userId?: string): Promise<{ auction: Auction; row: typeof auctions.$inferSelect } | null> {
  const [row] = await conn
    .select({ a: auctions, productName: products.name, imageUrl: products.imageUrl, firstName: user.firstName, lastName: user.lastName })
    .from(auctions)
    .innerJoin(products, eq(products.id, auctions.productId))
    .leftJoin(user, eq(user.id, auctions.leaderId))
    .where(eq(auctions.id, auctionId));
  if (!row) return null;
  const { a } = row;
  // Accepted bids rise strictly, so the highest are the newest.
  const bids = await conn
    .select({ amount: auctionBids.amount, proxy: auctionBids.proxy, at: auctionBids.createdAt, firstName: user.firstName, lastName: user.lastName })
    .from(auctionBids)
    .innerJoin(user, eq(user.id, auctionBids.userId))
    .where(eq(auctionBids.auctionId, a.id))
    .orderBy(desc(auctionBids.amount))
    .limit(AUCTION_BIDS_SHOWN);
  const price = a.price ? rupeesToPaise(a.price) : null;
  // Won (issue 25): the winner's banner counts down their time to pay.
  const payBy = a.status === 'ended' && a.leaderId ? await winnerPayBy(conn, a.id) : undefined;
  const auction: Auction = {
    id: a.id,
    streamId: a.streamId,
    productId: a.productId,
    productName: row.productName,
    imageUrl: row.imageUrl,
    status: a.status === 'active' && a.endsAt.getTime() > t ? 'active' : 'ended',
    startingBid: a.startingBid,
    highestBid: a.price,
    leaderName: a.leaderId ? displayName(row) : null,
    leaderId: a.leaderId,
    nextBid: paiseToRupees(nextValidBidPaise(price, rupeesToPaise(a.startingBid))),
    endsAt: a.endsAt.toISOString(),
    suddenDeath: a.suddenDeath,
    bids: bids.map((b) => ({ amount: b.amount, bidderName: displayName(b), proxy: b.proxy, at: b.at.toISOString() })),
    serverNow: new Date(t).toISOString(),
    ...(userId ? { viewer: { maxAmount: a.leaderId === userId ? a.leaderMax : null } } : {}),
    ...(payBy === undefined ? {} : { payBy }),
  };
  return { auction, row: a };
}

/** The row as the bidding engine reads it. */
export function stateOf(a: typeof auctions.$inferSelect): AuctionState {
  const leader = a.leaderId && a.price ? { userId: a.leaderId, pricePaise: rupeesToPaise(a.price) } : null;
  const maxima = new Map<string, number>();
  if (leader) maxima.set(leader.userId, a.leaderMax ? rupeesToPaise(a.leaderMax) : leader.pricePaise);
  return { startingBidPaise: rupeesToPaise(a.startingBid), leader, maxima, endsAt: a.endsAt.getTime(), suddenDeath: a.suddenDeath };
}
