// Demo data for a fresh database: four stores, two live streams, and a shopper with a full history.
// Sign in as DEMO_SELLER_PHONE or DEMO_SHOPPER_PHONE (see accounts.ts).
import { sql } from 'drizzle-orm';
import { user } from '../schema.js';
import type { Db, Tx } from '../client.js';
import { insertCoins, insertPolls, insertQuiz } from './engagement.js';
import { insertMoney } from './money.js';
import { insertOrders } from './orders.js';
import { insertReviews } from './reviews.js';
import { insertSupport } from './support.js';
import { insertParcels } from './parcels.js';
import { insertProducts } from './products.js';
import { insertFollows, insertSellers, insertVerificationSubmissions } from './sellers.js';
import { insertNotifications, insertWishlist } from './shopper.js';
import { insertChat, insertStreams } from './streams.js';
import { clockAt } from './time.js';
import { insertUsers } from './users.js';
import { backfillSearchKeys } from '../../modules/search/index.js';

export { DEMO_OPERATOR_PHONE, DEMO_SELLER_PHONE, DEMO_SHOPPER_EMAIL, DEMO_SHOPPER_PHONE } from './accounts.js';

// Two servers starting on one empty database must not both seed it.
const SEED_LOCK_KEY = 7_246_001;

/** Seeds only when there are no users yet. Returns whether it seeded. */
export async function seedIfEmpty(db: Db): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    const [anyUser] = await tx.select({ id: user.id }).from(user).limit(1);
    if (anyUser) return false;
    await seedInto(tx);
    return true;
  });
}

/** Inserts the demo data in one transaction: on any failure nothing is left behind. */
export async function seed(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await seedInto(tx);
  });
}

export interface SeedSummary {
  users: number;
  sellers: number;
  products: number;
  streams: number;
  [table: string]: number;
}

/** The seed itself, inside a caller's transaction. Timestamps are relative to `now`. */
export async function seedInto(tx: Tx, now: Date = new Date()): Promise<SeedSummary> {
  const clock = clockAt(now);
  const users = await insertUsers(tx, clock);
  const sellers = await insertSellers(tx, users, clock);
  const verificationSubmissions = await insertVerificationSubmissions(tx, sellers, clock);
  const follows = await insertFollows(tx, users, sellers, clock);
  const products = await insertProducts(tx, sellers, clock);
  const streams = await insertStreams(tx, sellers, products, clock);
  const chatMessages = await insertChat(tx, users, streams, clock);
  const polls = await insertPolls(tx, users, streams, clock);
  const quiz = await insertQuiz(tx, users, streams, clock);
  const coins = await insertCoins(tx, users, sellers, streams);
  const orders = await insertOrders(tx, users, products, streams, clock);
  const parcels = await insertParcels(tx, sellers);
  const wishlistItems = await insertWishlist(tx, users, products, clock);
  const notifications = await insertNotifications(tx, users, sellers, streams, clock);
  const earnedOrders = await insertMoney(tx, sellers, clock);
  const reviews = await insertReviews(tx, clock);
  const supportTickets = await insertSupport(tx, users, clock);
  // Searchable from the first request (issue 29): the keys of every name just written.
  await backfillSearchKeys(tx);
  return {
    users: Object.keys(users).length,
    sellers: Object.keys(sellers).length,
    verificationSubmissions,
    follows,
    products: Object.keys(products).length,
    streams: Object.keys(streams).length,
    chatMessages,
    polls: polls.polls,
    pollVotes: polls.votes,
    quizzes: quiz.quizzes,
    quizAttempts: quiz.attempts,
    giftEvents: coins.gifts,
    coinLedger: coins.ledger,
    orders: orders.orders,
    orderItems: orders.items,
    orderEvents: orders.events,
    addresses: orders.addresses,
    parcels,
    wishlistItems,
    notifications,
    earnedOrders,
    reviews,
    supportTickets,
  };
}
