import { and, asc, desc, eq, gt, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { PRODUCT_CATEGORIES, type ProductCategory } from '@live-market/contract';
import type { Db } from '../../db/client.js';
import { user } from '../auth/tables.js';
import { follows, sellers } from '../sellers/tables.js';
import { products } from '../products/tables.js';
import { streamPlannedProducts, streamReminders, streams, streamViewers } from '../streams/tables.js';
import { orderItems, orders } from '../shopper/tables.js';

// The upcoming list keeps a show whose time passed without its seller starting it this long, marked late.
const UPCOMING_GRACE_MS = 12 * 60 * 60 * 1000;
// Bounds on what one shopper's history contributes: their latest follows, orders and shows watched.
const SIGNAL_ROWS = 50;

export interface Signals {
  language: string | null;
  followed: string[];
  bought: string[];
  watched: string[];
}

type Rows<T> = { rows: T[] };

/** The shopper's taste in one round trip: language, stores followed, categories bought and watched. */
export async function findSignals(db: Db, userId: string): Promise<Signals> {
  const result = (await db.execute(sql`
    select u.language,
      (select coalesce(json_agg(f.seller_id), '[]'::json) from
        (select seller_id from ${follows} where follower_id = ${userId} order by created_at desc limit ${SIGNAL_ROWS}) f) as followed,
      (select coalesce(json_agg(distinct p.category), '[]'::json) from
        (select id from ${orders} where user_id = ${userId} and status <> 'cancelled' order by created_at desc limit ${SIGNAL_ROWS}) o
        join ${orderItems} oi on oi.order_id = o.id join ${products} p on p.id = oi.product_id) as bought,
      (select coalesce(json_agg(distinct c.category), '[]'::json) from
        (select coalesce(fp.category, se.category) as category from ${streamViewers} sv
          join ${streams} s on s.id = sv.stream_id join ${sellers} se on se.id = s.seller_id
          left join ${products} fp on fp.id = s.featured_product_id
          where sv.user_id = ${userId} order by sv.first_joined_at desc limit ${SIGNAL_ROWS}) c
        where c.category is not null) as watched
    from ${user} u where u.id = ${userId}`)) as unknown as Rows<Signals>;
  return result.rows[0] ?? { language: null, followed: [], bought: [], watched: [] };
}

const fp = alias(products, 'featured');
const open = () => isNull(user.suspendedAt);

/** A show's categories: its store's, its featured product's and its planned products'. */
const showCategories = sql<string[]>`(select coalesce(json_agg(distinct c), '[]'::json) from (
  select ${sellers.category} as c union select ${fp.category}
  union select p.category from ${streamPlannedProducts} spp join ${products} p on p.id = spp.product_id
    where spp.stream_id = ${streams.id} and p.is_active) cats where c is not null)`;

/**
 * Live shows and announced ones (not started, not ended), of stores not suspended; in a category
 * when given (its store's, its featured product's or a planned product's). Live first (newest first), then soonest.
 */
export async function findShows(db: Db, opts: { now: Date; viewerId: string | null; category?: ProductCategory; limit: number }) {
  const reminded = opts.viewerId
    ? sql<boolean>`exists (select 1 from ${streamReminders} r where r.stream_id = ${streams.id} and r.user_id = ${opts.viewerId})`
    : sql<boolean>`false`;
  const inCategory: SQL | undefined = opts.category
    ? sql`(${sellers.category} = ${opts.category} or ${fp.category} = ${opts.category} or exists (
        select 1 from ${streamPlannedProducts} spp join ${products} p on p.id = spp.product_id
        where spp.stream_id = ${streams.id} and p.category = ${opts.category} and p.is_active))`
    : undefined;
  return db
    .select({
      stream: streams,
      storeName: sellers.storeName,
      categories: showCategories,
      reminded,
      reminders: sql<number>`(select count(*)::int from ${streamReminders} r where r.stream_id = ${streams.id})`,
    })
    .from(streams)
    .innerJoin(sellers, eq(sellers.id, streams.sellerId))
    .innerJoin(user, eq(user.id, sellers.userId))
    .leftJoin(fp, eq(fp.id, streams.featuredProductId))
    .where(
      and(
        open(),
        or(
          eq(streams.isLive, true),
          and(isNull(streams.startedAt), isNull(streams.endedAt), gt(streams.scheduledFor, new Date(opts.now.getTime() - UPCOMING_GRACE_MS))),
        ),
        inCategory,
      ),
    )
    .orderBy(desc(streams.isLive), desc(streams.startedAt), asc(streams.scheduledFor), asc(streams.id))
    .limit(opts.limit);
}
export type ShowRow = Awaited<ReturnType<typeof findShows>>[number];

/** Units sold per product over the last 30 days (orders not cancelled), the best sellers first. */
export async function findBestSellers(db: Db, limit: number): Promise<Map<string, number>> {
  const result = (await db.execute(sql`
    select oi.product_id as id, sum(oi.quantity)::int as units
    from ${orders} o join ${orderItems} oi on oi.order_id = o.id
    where o.created_at > now() - interval '30 days' and o.status <> 'cancelled' and oi.product_id is not null
    group by oi.product_id order by units desc limit ${limit}`)) as unknown as Rows<{ id: string; units: number }>;
  return new Map(result.rows.map((r) => [r.id, Number(r.units)]));
}

/**
 * Products worth ranking for a shopper, each pool read through an index: the newest of every
 * category (more of the shopper's own), the newest of each store followed, and the best sellers.
 * Active, of stores not suspended.
 */
export async function findProductCandidates(db: Db, opts: { followed: string[]; categories: string[]; bestSellers: string[] }) {
  // = any(array(...)): the candidates are gathered once, then fetched by primary key (an `in` let the planner scan every product).
  const ids = sql`array(
    select x.id from unnest(${sql.raw(`array[${PRODUCT_CATEGORIES.map((c) => `'${c}'`).join(',')}]`)}::text[]) cat(name)
      cross join lateral (select id from ${products} where category = cat.name and is_active
        order by created_at desc limit (case when cat.name = any(${`{${opts.categories.join(',')}}`}::text[]) then 40 else 12 end)) x
    union
    select y.id from unnest(${`{${opts.followed.join(',')}}`}::uuid[]) s(id)
      cross join lateral (select id from ${products} where seller_id = s.id and is_active order by created_at desc limit 10) y
    union
    select unnest(${`{${opts.bestSellers.join(',')}}`}::uuid[]))`;
  return db
    .select({ product: products })
    .from(products)
    .innerJoin(sellers, eq(sellers.id, products.sellerId))
    .innerJoin(user, eq(user.id, sellers.userId))
    .where(and(sql`${products.id} = any(${ids})`, eq(products.isActive, true), open()));
}

/** Where a category page's products continue: after (created_at, id), newest first. */
export interface ProductsAfter {
  /** created_at in microseconds since the epoch, exact (a JS Date would round it to milliseconds). */
  micros: string;
  id: string;
}

export async function findCategoryProducts(db: Db, category: ProductCategory, after: ProductsAfter | null, limit: number) {
  const at = sql`(timestamptz 'epoch' + ${after?.micros ?? '0'}::bigint * interval '1 microsecond')`;
  return db
    .select({ product: products, micros: sql<string>`(extract(epoch from ${products.createdAt}) * 1000000)::bigint::text` })
    .from(products)
    .innerJoin(sellers, eq(sellers.id, products.sellerId))
    .innerJoin(user, eq(user.id, sellers.userId))
    .where(
      and(
        eq(products.category, category),
        eq(products.isActive, true),
        open(),
        after ? sql`(${products.createdAt}, ${products.id}) < (${at}, ${after.id}::uuid)` : undefined,
      ),
    )
    .orderBy(desc(products.createdAt), desc(products.id))
    .limit(limit);
}
