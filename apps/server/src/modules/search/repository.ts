import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { user } from '../auth/tables.js';
import { products } from '../products/tables.js';
import { sellers } from '../sellers/tables.js';
import { streams } from '../streams/tables.js';
import { searchCompletions } from './tables.js';

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
export async function findShowIds(db: Db, opts: { variants: string[]; mode: MatchMode; limit: number }): Promise<string[]> {
  const key = sql`st.search_key`;
  const result = (await db.execute(sql`
    select st.id from ${streams} st
    join ${sellers} s on s.id = st.seller_id
    join ${user} u on u.id = s.user_id
    where u.suspended_at is null
      and (st.is_live or (st.started_at is null and st.ended_at is null and st.scheduled_for > now() - ${UPCOMING_GRACE}))
      and (${matches(key, opts.variants, opts.mode)})
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
export async function findStores(db: Db, opts: { variants: string[]; mode: MatchMode; offset: number; limit: number }) {
  const key = sql`${sellers.searchKey}`;
  return db
    .select({ seller: sellers })
    .from(sellers)
    .innerJoin(user, eq(user.id, sellers.userId))
    .where(sql`${user.suspendedAt} is null and (${matches(key, opts.variants, opts.mode)})`)
    .orderBy(sql`${relevance(key, opts.variants)} desc`, sql`${sellers.followersCount} desc`, sellers.id)
    .limit(opts.limit)
    .offset(opts.offset);
}

export interface Completion {
  text: string;
  kind: 'product' | 'store' | 'show';
  /** Its key starts with the typed words, or has a word that does. */
  prefix: boolean;
  score: number;
}

/** Close names too (`true`), or only those whose earlier words run as typed (`'lead'`, several words typed). */
export type Fuzzy = boolean | 'lead';

interface Source {
  kind: Completion['kind'];
  from: SQL;
  join: SQL;
  id: SQL;
  name: SQL;
  key: SQL;
  where: SQL;
}

const SOURCES: Source[] = [
  {
    kind: 'product',
    from: sql`${products} p`,
    join: sql`join ${sellers} s on s.id = p.seller_id join ${user} u on u.id = s.user_id`,
    id: sql`p.id`,
    name: sql`p.name`,
    key: sql`p.search_key`,
    where: sql`p.is_active and u.suspended_at is null`,
  },
  { kind: 'store', from: sql`${sellers} s`, join: sql`join ${user} u on u.id = s.user_id`, id: sql`s.id`, name: sql`s.store_name`, key: sql`s.search_key`, where: sql`u.suspended_at is null` },
  {
    kind: 'show',
    from: sql`${streams} st`,
    join: sql`join ${sellers} s on s.id = st.seller_id join ${user} u on u.id = s.user_id`,
    id: sql`st.id`,
    name: sql`st.title`,
    key: sql`st.search_key`,
    where: sql`u.suspended_at is null and (st.is_live or (st.started_at is null and st.ended_at is null and st.scheduled_for > now() - ${UPCOMING_GRACE}))`,
  },
];

/**
 * One kind's completions. Names with a word that begins with what is typed so far come from the
 * completions table (one row per word-suffix of a key, btree text_pattern_ops): the typed text is a
 * prefix of a row's key, so the index is read in key order from it and stops at the limit (the caller
 * puts the shortest first); the source row's state is joined in. `fuzzy` instead ranks close names
 * (a typo in the word being typed) by word similarity, which costs more: asked only when nothing begins
 * so; as 'lead', only among names whose earlier words run as typed, found through the completions
 * table rather than every name sharing a trigram (many, for several words).
 */
function completionQuery(source: Source, text: string, limit: number, fuzzy: Fuzzy): SQL {
  const { kind, from, join, id, name, key, where } = source;
  // Keys hold only [a-z0-9 ] (safe inside a pattern), all below '~': [t, t~) is every key beginning with t.
  const begins = (t: string) => sql`c.kind = ${kind} and c.key ~>=~ ${t} and c.key ~<~ ${`${t}~`}`;
  const close = sql`${kind} as kind, ${key} ~ ${`(^| )${text}`} as prefix, word_similarity(${text}, ${key}) as score`;
  const ranked = sql`order by prefix desc, score desc, length(${name}), ${name} limit ${limit}`;
  if (fuzzy === 'lead') {
    const lead = text.slice(0, text.lastIndexOf(' ') + 1);
    return sql`select ${name} as text, ${close} from ${searchCompletions} c join ${from} on ${id} = c.source_id ${join}
      where ${begins(lead)} and ${where} and (${text} <% ${key}) ${ranked}`;
  }
  if (fuzzy) return sql`select ${name} as text, ${close} from ${from} ${join} where ${where} and (${text} <% ${key}) ${ranked}`;
  return sql`select c.text, ${kind} as kind, true as prefix, 1 as score from ${searchCompletions} c join ${from} on ${id} = c.source_id ${join}
    where ${begins(text)} and ${where} order by c.key using ~<~ limit ${limit}`;
}

/** Products', stores' and shows' completions in one statement (one plan, one round trip): up to `limits` of each. */
export async function complete(db: Db, text: string, limits: Record<Completion['kind'], number>, fuzzy: Fuzzy = false): Promise<Completion[]> {
  const query = sql.join(
    SOURCES.map((s) => sql`(${completionQuery(s, text, limits[s.kind], fuzzy)})`),
    sql` union all `,
  );
  return ((await db.execute(query)) as unknown as Rows<Completion>).rows;
}
