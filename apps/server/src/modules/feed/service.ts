import {
  PRODUCT_CATEGORIES,
  SEARCH_PAGE_SIZE,
  type CategoryPage,
  type ForYouFeed,
  type ProductCategory,
  type ShowCard,
  type UpcomingStream,
} from '@live-market/contract';
import type { Db } from '../../db/client.js';
import { HttpError } from '../../plugins/errors.js';
import { toProductDto } from '../products/index.js';
import { findPlannedProducts, toStreamDto } from '../streams/index.js';
import * as repo from './repository.js';

export const FOR_YOU_LIVE = 10;
export const FOR_YOU_UPCOMING = 10;
export const FOR_YOU_PRODUCTS = 20;
// Shows considered before ranking: every live one the list would show, and the next announced ones.
const SHOW_CANDIDATES = 200;
const BEST_SELLERS = 200;
// The best sellers are the same for everyone; counting them on every Home load would cost a scan of a month of orders.
const BEST_SELLERS_TTL_MS = 60_000;

// What each signal is worth. A store followed outranks everything; a category bought says more than
// one watched; the shopper's language matters for shows (it is what they will hear). Popularity is
// logarithmic so the busiest show does not bury the rest.
export const WEIGHTS = { follow: 100, bought: 40, watched: 25, language: 30, popularity: 10 } as const;

const NO_SIGNALS: repo.Signals = { language: null, followed: [], bought: [], watched: [] };

interface Taste {
  language: string | null;
  followed: Set<string>;
  bought: Set<string>;
  watched: Set<string>;
}

const isCategory = (c: string): c is ProductCategory => (PRODUCT_CATEGORIES as readonly string[]).includes(c);
const popularity = (n: number) => WEIGHTS.popularity * Math.log2(1 + Math.max(0, n));

function affinity(taste: Taste, sellerId: string, categories: readonly string[]): number {
  let score = taste.followed.has(sellerId) ? WEIGHTS.follow : 0;
  if (categories.some((c) => taste.bought.has(c))) score += WEIGHTS.bought;
  if (categories.some((c) => taste.watched.has(c))) score += WEIGHTS.watched;
  return score;
}

export function showScore(taste: Taste, row: repo.ShowRow): number {
  const language = taste.language !== null && row.stream.language === taste.language ? WEIGHTS.language : 0;
  // A live show's crowd, an announced one's reminders: both say how many people want it.
  return affinity(taste, row.stream.sellerId, row.categories) + language + popularity(row.stream.isLive ? row.stream.viewerCount : row.reminders);
}

const byScore = <T>(items: T[], score: (item: T) => number) =>
  items
    .map((item, index) => ({ item, index, score: score(item) }))
    // Equal scores keep the query's order (live: newest first; upcoming: soonest first).
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .map((s) => s.item);

export function createFeedService(deps: { db: Db; now?: () => Date }) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  let bestSellers: { at: number; units: Map<string, number> } | null = null;

  async function unitsSold(): Promise<Map<string, number>> {
    const at = now().getTime();
    if (!bestSellers || at - bestSellers.at > BEST_SELLERS_TTL_MS) bestSellers = { at, units: await repo.findBestSellers(db, BEST_SELLERS) };
    return bestSellers.units;
  }

  async function shows(rows: repo.ShowRow[], limitLive: number, limitUpcoming: number) {
    const live: ShowCard[] = rows
      .filter((r) => r.stream.isLive)
      .slice(0, limitLive)
      .map((r) => ({ ...toStreamDto(r.stream), storeName: r.storeName }));
    const announced = rows.filter((r) => !r.stream.isLive).slice(0, limitUpcoming);
    const planned = await findPlannedProducts(db, announced.map((r) => r.stream.id));
    const upcoming: UpcomingStream[] = announced.map((r) => ({
      ...toStreamDto(r.stream),
      scheduledFor: r.stream.scheduledFor!.toISOString(),
      storeName: r.storeName,
      reminded: Boolean(r.reminded),
      featuredProducts: planned.filter((p) => p.streamId === r.stream.id).map((p) => toProductDto(p.product)),
    }));
    return { live, upcoming };
  }

  return {
    /** Signed out (viewerId null): by popularity alone. */
    async forYou(viewerId: string | null): Promise<ForYouFeed> {
      const [signals, units, showRows] = await Promise.all([
        viewerId ? repo.findSignals(db, viewerId) : NO_SIGNALS,
        unitsSold(),
        repo.findShows(db, { now: now(), viewerId, limit: SHOW_CANDIDATES }),
      ]);
      const taste: Taste = {
        language: signals.language,
        followed: new Set(signals.followed),
        bought: new Set(signals.bought.filter(isCategory)),
        watched: new Set(signals.watched.filter(isCategory)),
      };
      const candidates = await repo.findProductCandidates(db, {
        followed: [...taste.followed],
        categories: [...new Set([...taste.bought, ...taste.watched])],
        bestSellers: [...units.keys()],
      });
      const ranked = byScore(
        candidates.map((c) => c.product).sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime()),
        (p) => affinity(taste, p.sellerId, [p.category]) + popularity(units.get(p.id) ?? 0),
      );
      const rankedShows = byScore(showRows, (r) => showScore(taste, r));
      return { ...(await shows(rankedShows, FOR_YOU_LIVE, FOR_YOU_UPCOMING)), products: ranked.slice(0, FOR_YOU_PRODUCTS).map(toProductDto) };
    },

    /** Its shows on the first page only; products newest first, SEARCH_PAGE_SIZE a page. */
    async category(slug: string, cursor: string | undefined, viewerId: string | null): Promise<CategoryPage> {
      if (!isCategory(slug)) throw new HttpError(404, 'That category does not exist');
      const after = cursor === undefined ? null : readCursor(cursor);
      const [rows, showRows] = await Promise.all([
        repo.findCategoryProducts(db, slug, after, SEARCH_PAGE_SIZE + 1),
        after ? [] : repo.findShows(db, { now: now(), viewerId, category: slug, limit: SHOW_CANDIDATES }),
      ]);
      const page = rows.slice(0, SEARCH_PAGE_SIZE);
      const last = page.at(-1);
      return {
        category: slug,
        ...(await shows(showRows, FOR_YOU_LIVE * 2, FOR_YOU_UPCOMING * 2)),
        products: page.map((r) => toProductDto(r.product)),
        nextCursor: rows.length > SEARCH_PAGE_SIZE && last ? writeCursor({ micros: last.micros, id: last.product.id }) : null,
      };
    },
  };
}
export type FeedService = ReturnType<typeof createFeedService>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function writeCursor(after: repo.ProductsAfter): string {
  return Buffer.from(`${after.micros}.${after.id}`).toString('base64url');
}

function readCursor(cursor: string): repo.ProductsAfter {
  const [micros, id] = Buffer.from(cursor, 'base64url').toString().split('.');
  if (!micros || !/^\d{1,17}$/.test(micros) || !id || !UUID.test(id)) throw new HttpError(400, 'Invalid cursor');
  return { micros, id };
}
