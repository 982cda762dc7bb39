// The auction bench's bidders: what they read from the server's messages, and the bids the database kept.
import { percentile } from './lib.js';

export interface Bidder {
  index: number;
  cookie: string;
  userId: string;
  /** The smallest bid the server accepts, as far as this bidder knows (paise), and who led at that price. */
  nextPaise: number;
  leaderId: string | null;
  ended: boolean;
  taps: number;
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
export const round = (n: number) => Math.round(n);
export const summary = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return { count: sorted.length, p50: round(percentile(sorted, 50)), p99: round(percentile(sorted, 99)), max: round(sorted.at(-1) ?? NaN) };
};

/** What a bidder learns from an answer or an update: prices only rise, so older news is ignored. */
export function learn(bidder: Bidder, nextPaise: number, leaderId: string | null) {
  if (nextPaise < bidder.nextPaise) return;
  bidder.nextPaise = nextPaise;
  bidder.leaderId = leaderId;
}

// The fields a bidder reads from an auction_update, without parsing the whole message (~2.5 KB with its 20 bids).
export const NEXT_BID = /"nextBid":"(\d+(?:\.\d{1,2})?)"/;
export const LEADER_ID = /"leaderId":(?:"([0-9a-f-]+)"|null)/;
export const HIGHEST_BID = /"highestBid":(?:"(\d+(?:\.\d{1,2})?)"|null)/;
export const SERVER_NOW = /"serverNow":"([^"]+)"/;
// A 409 names the next valid amount in en-IN rupees: "Bid at least ₹1,050.00", "You have been outbid: bid at least ₹2,400.00".
export const RUPEES_IN_MESSAGE = /₹\s?([\d,]+(?:\.\d{1,2})?)/;

/** Accepted bid rows the auction got, read from the database itself (PostgreSQL while it runs; PGlite's files after the server stopped). */
export async function storedBids(query: (sql: string, params: unknown[]) => Promise<Array<Record<string, unknown>>>, auctionId: string) {
  const [row] = await query(
    `select count(*)::int as rows, (count(*) filter (where proxy))::int as proxy_rows, (count(*) filter (where idempotency_key is not null))::int as keyed_rows,
            max(amount)::text as top from auction_bids where auction_id = $1`,
    [auctionId],
  );
  return { rows: row!.rows as number, proxyRows: row!.proxy_rows as number, rowsWithBidderKey: row!.keyed_rows as number, highest: row!.top as string };
}

