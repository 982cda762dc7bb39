import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { products } from '../products/tables.js';
import { sellers } from '../sellers/tables.js';
import { streams } from '../streams/tables.js';
import { searchKey } from './key.js';

// Rows written before search existed (and the demo seed) have no key. A batch is one read and one write,
// small enough not to hold up the requests a booting instance already serves.
const BATCH = 1000;

type Rows<T> = { rows: T[] };

// Keys and ids hold only [a-z0-9 -], so they are safe inside a quoted array literal.
const textArray = (items: string[]) => `{${items.map((i) => `"${i}"`).join(',')}}`;

async function fill(db: Db | Tx, table: 'products' | 'sellers' | 'streams', read: ReturnType<typeof sql>, toKey: (row: Record<string, string | null>) => string) {
  let done = 0;
  for (;;) {
    const rows = ((await db.execute(read)) as unknown as Rows<Record<string, string | null>>).rows;
    if (rows.length === 0) return done;
    const ids = rows.map((r) => r.id!);
    const keys = rows.map(toKey);
    await db.execute(sql`update ${sql.identifier(table)} t set search_key = v.key
      from unnest(${textArray(ids)}::uuid[], ${textArray(keys)}::text[]) as v(id, key) where t.id = v.id`);
    done += rows.length;
    if (rows.length < BATCH) return done;
  }
}

/** Writes the missing search keys of products, stores and shows; answers how many rows it filled. */
export async function backfillSearchKeys(db: Db | Tx): Promise<number> {
  const filled = await Promise.all([
    fill(db, 'sellers', sql`select id, store_name as name from ${sellers} where search_key is null limit ${BATCH}`, (r) => searchKey(r.name)),
    fill(db, 'products', sql`select id, name from ${products} where search_key is null limit ${BATCH}`, (r) => searchKey(r.name)),
    fill(
      db,
      'streams',
      sql`select st.id, st.title as name, s.store_name as store from ${streams} st join ${sellers} s on s.id = st.seller_id where st.search_key is null limit ${BATCH}`,
      (r) => searchKey(r.name, r.store),
    ),
  ]);
  return filled.reduce((a, b) => a + b, 0);
}
