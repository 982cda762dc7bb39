import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { user } from '../auth/tables.js';
import { products } from '../products/tables.js';
import { sellers } from '../sellers/tables.js';
import { streams } from '../streams/tables.js';

// A key matches when a variant of the query is this close to some run of it (pg_trgm word_similarity):
// low enough for a typo or a missing letter in a short word ("earing", "jumki"), high enough to keep noise out.
export const MATCH_THRESHOLD = 0.5;
// Variants after the first are the query in the dictionary's words: a little below the shopper's own.
const SYNONYM_WEIGHT = 0.9;
// An announced show keeps its place this long after its time, while its seller is late to start it.
const UPCOMING_GRACE = sql`interval '12 hours'`;

type Rows<T> = { rows: T[] };

/** How a key is matched: `words`, every word of a variant begins a word of the key (cheap and precise
 * through the trigram index); `fuzzy`, a variant is close to a run of the key (word_similarity, typos too). */
export type MatchMode = 'words' | 'fuzzy';

function matches(key: SQL, variants: string[], mode: MatchMode = 'fuzzy'): SQL {
  if (mode === 'fuzzy') return sql.join(variants.map((v) => sql`(${v} <% ${key})`), sql` or `);
  // Variants hold only [a-z0-9 ] (they are keys), so they are safe inside a pattern. One regular
  // expression per word: the planner reads the trigram index for it (an OR of two LIKEs it scans instead).
  const allWords = (v: string) => sql.join(v.split(' ').map((w) => sql`${key} ~ ${`(^| )${w}`}`), sql` and `);
  return sql.join(variants.map((v) => sql`(${allWords(v)})`), sql` or `);
}

/** Relevance 0–1: the best variant's word similarity, the dictionary's variants weighted below the query's own. */
function relevance(key: SQL, variants: string[]): SQL {
  if (variants.length === 1) return sql`word_similarity(${variants[0]}, ${key})`;
  return sql`greatest(${sql.join(variants.map((v, i) => (i === 0 ? sql`word_similarity(${v}, ${key})` : sql`${SYNONYM_WEIGHT} * word_similarity(${v}, ${key})`)), sql`, `)})`;
}

/**
 * Settings for this transaction only (set_config local), so other queries keep the defaults: the
 * threshold, and no sequential scans — the planner prices a pattern or similarity test per row far
 * below its real cost (measured at 100,000 products: 80 ms scanning, 3–15 ms through the trigram index).
 */
export async function withThreshold<T>(db: Db, run: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select set_config('pg_trgm.word_similarity_threshold', ${String(MATCH_THRESHOLD)}, true), set_config('enable_seqscan', 'off', true)`,
    );
    return run(tx as unknown as Db);
  });
}

const arrayLiteral = (items: readonly (string | number)[]) => `{${items.join(',')}}`;

/**
 * Active products of stores not suspended whose key matches, best first: relevance plus the
 * popularity bonus of the best sellers given. One page from `offset`, and one more row to tell a next page.
 */
export async function findProductIds(
  db: Db,
  opts: { variants: string[]; mode: MatchMode; bonus: Map<string, number>; offset: number; limit: number },
): Promise<{ id: string; score: number }[]> {
  const key = sql`p.search_key`;
  const ids = [...opts.bonus.keys()];
  const result = (await db.execute(sql`
    select p.id, ${relevance(key, opts.variants)} + coalesce(b.bonus, 0) as score
    from ${products} p
    join ${sellers} s on s.id = p.seller_id
    join ${user} u on u.id = s.user_id
    left join unnest(${arrayLiteral(ids)}::uuid[], ${arrayLiteral(ids.map((id) => opts.bonus.get(id)!))}::float8[]) as b(id, bonus) on b.id = p.id
    where p.is_active and u.suspended_at is null and (${matches(key, opts.variants, opts.mode)})
    order by score desc, p.created_at desc, p.id
    limit ${opts.limit} offset ${opts.offset}`)) as unknown as Rows<{ id: string; score: number }>;
  return result.rows;
}

export async function findProductsByIds(db: Db, ids: string[]) {
  if (ids.length === 0) return [];
  return db.select().from(products).where(inArray(products.id, ids));
}

/** Live shows first, then announced ones soonest first; each by relevance. Stores not suspended. */
export async function findShowIds(db: Db, opts: { variants: string[]; limit: number }): Promise<string[]> {
  const key = sql`st.search_key`;
  const result = (await db.execute(sql`
    select st.id from ${streams} st
    join ${sellers} s on s.id = st.seller_id
    join ${user} u on u.id = s.user_id
    where u.suspended_at is null
      and (st.is_live or (st.started_at is null and st.ended_at is null and st.scheduled_for > now() - ${UPCOMING_GRACE}))
      and (${matches(key, opts.variants)})
    order by st.is_live desc, ${relevance(key, opts.variants)} desc, st.scheduled_for asc nulls last, st.id
    limit ${opts.limit}`)) as unknown as Rows<{ id: string }>;
  return result.rows.map((r) => r.id);
}

export async function findShowsByIds(db: Db, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ stream: streams, storeName: sellers.storeName })
    .from(streams)
    .innerJoin(sellers, eq(sellers.id, streams.sellerId))
    .where(inArray(streams.id, ids));
}

/** Stores not suspended whose name matches: by relevance, then followers. */
export async function findStores(db: Db, opts: { variants: string[]; offset: number; limit: number }) {
  const key = sql`${sellers.searchKey}`;
  return db
    .select({ seller: sellers })
    .from(sellers)
    .innerJoin(user, eq(user.id, sellers.userId))
    .where(sql`${user.suspendedAt} is null and (${matches(key, opts.variants)})`)
    .orderBy(sql`${relevance(key, opts.variants)} desc`, sql`${sellers.followersCount} desc`, sellers.id)
    .limit(opts.limit)
    .offset(opts.offset);
}

export interface Completion {
  text: string;
  /** Its key starts with the typed words, or has a word that does. */
  prefix: boolean;
  score: number;
}

/**
 * Names with a word that begins with what is typed so far (the trigram index answers a word-start
 * pattern precisely: only keys holding all its trigrams); the first found, unordered, so the database
 * stops at the limit (the caller puts the shortest first). `fuzzy` adds close names
 * (a typo in the word being typed) ranked by word similarity, which costs more: asked only when the
 * prefix ones are few.
 */
async function complete(db: Db, from: SQL, name: SQL, key: SQL, text: string, limit: number, fuzzy: boolean): Promise<Completion[]> {
  // text holds only [a-z0-9 ] (it is a key), so it is safe inside a pattern.
  const startsWord = sql`${key} ~ ${`(^| )${text}`}`;
  const query = fuzzy
    ? sql`select ${name} as text, ${startsWord} as prefix, word_similarity(${text}, ${key}) as score
        ${from} and (${text} <% ${key}) order by prefix desc, score desc, length(${name}), ${name} limit ${limit}`
    : sql`select ${name} as text, true as prefix, 1 as score ${from} and ${startsWord} limit ${limit}`;
  return ((await db.execute(query)) as unknown as Rows<Completion>).rows;
}

export function completeProducts(db: Db, text: string, limit: number, fuzzy = false) {
  return complete(
    db,
    sql`from ${products} p join ${sellers} s on s.id = p.seller_id join ${user} u on u.id = s.user_id where p.is_active and u.suspended_at is null`,
    sql`p.name`,
    sql`p.search_key`,
    text,
    limit,
    fuzzy,
  );
}

export function completeStores(db: Db, text: string, limit: number, fuzzy = false) {
  return complete(db, sql`from ${sellers} s join ${user} u on u.id = s.user_id where u.suspended_at is null`, sql`s.store_name`, sql`s.search_key`, text, limit, fuzzy);
}

export function completeShows(db: Db, text: string, limit: number, fuzzy = false) {
  return complete(
    db,
    sql`from ${streams} st join ${sellers} s on s.id = st.seller_id join ${user} u on u.id = s.user_id
      where u.suspended_at is null and (st.is_live or (st.started_at is null and st.ended_at is null and st.scheduled_for > now() - ${UPCOMING_GRACE}))`,
    sql`st.title`,
    sql`st.search_key`,
    text,
    limit,
    fuzzy,
  );
}
