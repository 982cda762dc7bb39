import { and, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { ratingAverage, REVIEWS_PAGE_SIZE, type CreateReviewBody, type Review, type StoreRating, type StoreReviews } from '@live-market/contract';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { HttpError } from '../../plugins/errors.js';
import { user } from '../auth/tables.js';
import { defaultKeywordFilter, hasLinkOrPhone } from '../moderation/index.js';
import { notify } from '../notifications/index.js';
import { findOrder } from '../orders/index.js';
import { photosOwnedBy } from '../returns/index.js';
import { sellers } from '../sellers/tables.js';
import { orderItems } from '../shopper/index.js';
import { reviews, storeRatings } from './tables.js';

type Body = z.output<typeof CreateReviewBody>;
type ReviewRow = typeof reviews.$inferSelect;

/** Reviews and replies are public: the marketplace's word filter, and no links or numbers to take buyers elsewhere. */
function checkWords(text: string) {
  if (hasLinkOrPhone(text)) throw new HttpError(400, 'Links and phone numbers are not allowed in reviews');
  if (defaultKeywordFilter().match(text) !== null) throw new HttpError(400, 'Please take out the words that are not allowed in reviews');
}

const GRAPHEMES = new Intl.Segmenter('en', { granularity: 'grapheme' });

/** "Ravi K.": a first name and the initial of the last, as reviews show their buyer. */
export function reviewerName(first: string | null, last: string | null, erased: boolean): string | null {
  if (erased) return null;
  // A letter as the reader sees it (a Tamil consonant with its vowel sign), not half of one.
  const letter = last?.trim() ? GRAPHEMES.segment(last.trim())[Symbol.iterator]().next().value?.segment : undefined;
  const initial = letter ? ` ${letter}.` : '';
  return `${first?.trim() || 'Shopper'}${initial}`;
}

const encodeCursor = (r: { createdAt: Date; id: string }) => Buffer.from(`${r.createdAt.toISOString()}|${r.id}`).toString('base64url');
function decodeCursor(cursor: string | undefined): { at: Date; id: string } | null {
  if (!cursor) return null;
  const [at, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  const date = new Date(at ?? '');
  if (!id || !/^[0-9a-f-]{36}$/.test(id) || Number.isNaN(date.getTime())) throw new HttpError(400, 'Invalid cursor');
  return { at: date, id };
}

/** One more review of `rating` stars for the store: its counts move by increments, under the row's lock. */
export async function addToRating(tx: Tx, sellerId: string, rating: number): Promise<void> {
  const star = sql.raw(`"store_ratings"."stars_${rating}"`);
  await tx
    .insert(storeRatings)
    .values({ sellerId, count: 1, total: rating, [`stars${rating}`]: 1 })
    .onConflictDoUpdate({ target: storeRatings.sellerId, set: { count: sql`${storeRatings.count} + 1`, total: sql`${storeRatings.total} + ${rating}`, [`stars${rating}`]: sql`${star} + 1` } });
}

export function toRating(row: typeof storeRatings.$inferSelect | undefined): StoreRating {
  if (!row || row.count === 0) return { average: null, count: 0, distribution: [0, 0, 0, 0, 0] };
  return { average: ratingAverage(row.total, row.count), count: row.count, distribution: [row.stars1, row.stars2, row.stars3, row.stars4, row.stars5] };
}

export async function ratingOf(db: Db | Tx, sellerId: string): Promise<StoreRating> {
  const [row] = await db.select().from(storeRatings).where(eq(storeRatings.sellerId, sellerId));
  return toRating(row);
}

async function toDtos(db: Db | Tx, rows: ReviewRow[]): Promise<Review[]> {
  if (!rows.length) return [];
  const extra = await db
    .select({ id: reviews.id, first: user.firstName, last: user.lastName, productName: orderItems.productName })
    .from(reviews)
    .innerJoin(orderItems, eq(orderItems.id, reviews.orderItemId))
    .leftJoin(user, eq(user.id, reviews.userId))
    .where(sql`${reviews.id} in ${rows.map((r) => r.id)}`);
  return rows.map((r) => {
    const e = extra.find((x) => x.id === r.id);
    return {
      id: r.id,
      orderItemId: r.orderItemId,
      rating: r.rating,
      text: r.text,
      photoUrls: r.photoUrls,
      buyerName: reviewerName(e?.first ?? null, e?.last ?? null, r.userId === null),
      productName: e?.productName ?? '',
      createdAt: r.createdAt.toISOString(),
      reply: r.replyText !== null && r.repliedAt ? { text: r.replyText, at: r.repliedAt.toISOString() } : null,
    };
  });
}

export function createReviewsService(deps: { db: Db; pushUnread: (ids: string[]) => Promise<void> }) {
  const { db } = deps;
  return {
    /** POST /api/orders/{id}/reviews: the buyer of a delivered order, once per item; the store's rating moves with it. */
    async create(userId: string, orderId: string, body: Body): Promise<Review> {
      checkWords(body.text);
      const row = await db
        .transaction(async (tx) => {
          const found = await findOrder(tx, orderId);
          if (!found || found.order.userId !== userId || found.order.status !== 'delivered') throw new HttpError(403, 'Only the buyer of a delivered order can review it');
          const [item] = await tx.select().from(orderItems).where(and(eq(orderItems.id, body.orderItemId), eq(orderItems.orderId, orderId)));
          if (!item) throw new HttpError(404, 'This item is not in the order');
          if (!(await photosOwnedBy(tx, userId, body.photoUrls))) throw new HttpError(400, 'Upload the photo first');
          const [created] = await tx
            .insert(reviews)
            .values({ orderId, orderItemId: item.id, sellerId: found.order.sellerId, productId: item.productId, userId, rating: body.rating, text: body.text, photoUrls: body.photoUrls })
            .onConflictDoNothing({ target: reviews.orderItemId })
            .returning();
          if (!created) throw new HttpError(409, 'You have reviewed this item already');
          await addToRating(tx, found.order.sellerId, body.rating);
          // The store hears of it (in the review's transaction: a review that did not land tells no one).
          const [buyer] = await tx.select({ first: user.firstName, last: user.lastName }).from(user).where(eq(user.id, userId));
          await notify(tx, {
            userId: found.ownerId,
            type: 'order_update',
            kind: 'review_received',
            params: { buyer: reviewerName(buyer?.first ?? null, buyer?.last ?? null, false) ?? '', stars: body.rating, product: item.productName },
            link: '/seller/dashboard',
          });
          return { created, tell: found.ownerId };
        })
        .catch((error: unknown) => {
          if (isUniqueViolation(error)) throw new HttpError(409, 'You have reviewed this item already');
          throw error;
        });
      await deps.pushUnread([row.tell]);
      return (await toDtos(db, [row.created]))[0]!;
    },

    /** GET /api/orders/{id}/reviews: what the buyer said of this order's items (so the order shows Rate or their stars). */
    async ofOrder(userId: string, orderId: string): Promise<Review[]> {
      const found = await findOrder(db, orderId);
      if (!found || (found.order.userId !== userId && found.ownerId !== userId)) throw new HttpError(404, 'Order not found');
      return toDtos(db, await db.select().from(reviews).where(eq(reviews.orderId, orderId)).orderBy(desc(reviews.createdAt)));
    },

    /** GET /api/sellers/{id}/reviews: the store's rating and its reviews, newest first, a page at a time. */
    async ofStore(sellerId: string, cursor?: string): Promise<StoreReviews> {
      const after = decodeCursor(cursor);
      const [store] = await db.select({ id: sellers.id }).from(sellers).where(eq(sellers.id, sellerId));
      if (!store) throw new HttpError(404, 'Seller not found');
      const rows = await db
        .select()
        .from(reviews)
        .where(and(eq(reviews.sellerId, sellerId), after ? or(lt(reviews.createdAt, after.at), and(eq(reviews.createdAt, after.at), lt(reviews.id, after.id))) : undefined))
        .orderBy(desc(reviews.createdAt), desc(reviews.id))
        .limit(REVIEWS_PAGE_SIZE + 1);
      const page = rows.slice(0, REVIEWS_PAGE_SIZE);
      return { ...(await ratingOf(db, sellerId)), reviews: await toDtos(db, page), nextCursor: rows.length > REVIEWS_PAGE_SIZE ? encodeCursor(page.at(-1)!) : null };
    },

    /** POST /api/reviews/{id}/reply: the store's owner, once. */
    async reply(userId: string, reviewId: string, text: string): Promise<Review> {
      checkWords(text);
      const [found] = await db.select({ review: reviews, ownerId: sellers.userId }).from(reviews).innerJoin(sellers, eq(sellers.id, reviews.sellerId)).where(eq(reviews.id, reviewId));
      if (!found || found.ownerId !== userId) throw new HttpError(404, 'Review not found');
      const [saved] = await db
        .update(reviews)
        .set({ replyText: text, repliedAt: new Date() })
        .where(and(eq(reviews.id, reviewId), isNull(reviews.replyText)))
        .returning();
      if (!saved) throw new HttpError(409, 'You have replied to this review already');
      return (await toDtos(db, [saved]))[0]!;
    },
  };
}

export type ReviewsService = ReturnType<typeof createReviewsService>;
