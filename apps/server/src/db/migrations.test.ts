import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { type PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR, createPglite } from './client.js';

// A database from before 0004 (templated notifications, languages) moved forward by that migration.
const files = readdirSync(MIGRATIONS_DIR).filter((f) => f.endsWith('.sql')).sort();
const run = async (db: PGlite, file: string) => {
  for (const statement of readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8').split('--> statement-breakpoint')) {
    if (statement.trim()) await db.exec(statement);
  }
};

let db: PGlite;
beforeAll(async () => {
  db = await createPglite();
  for (const file of files.filter((f) => f < '0004')) await run(db, file);
  await db.exec(`
    insert into "user" (id, email) values ('00000000-0000-4000-8000-000000000001', 'a@example.in');
    insert into sellers (id, user_id, store_name) values ('00000000-0000-4000-8000-0000000000aa', '00000000-0000-4000-8000-000000000001', 'Priya Jewels');
    insert into notifications (user_id, type, title, message) values
      ('00000000-0000-4000-8000-000000000001', 'stream_start', 'Priya Jewels is live now!', 'Bridal sets. Tap to watch and shop live.'),
      ('00000000-0000-4000-8000-000000000001', 'follow', 'New follower', 'Rahul S. started following Priya Jewels.'),
      ('00000000-0000-4000-8000-000000000001', 'order_update', 'Order cancelled', 'Your order #AB12CD34 from Priya Jewels was cancelled. Your payment will be refunded.'),
      ('00000000-0000-4000-8000-000000000001', 'order_update', 'Order shipped', 'Your order #AB12CD34 from Priya Jewels is on its way.'),
      ('00000000-0000-4000-8000-000000000001', 'system', 'Your store is verified', 'Priya Jewels now shows the Gold verified badge.'),
      ('00000000-0000-4000-8000-000000000001', 'promotion', 'Diwali offer', 'Something a person wrote.');
    insert into products (seller_id, name, price, category, image_url) values
      ('00000000-0000-4000-8000-0000000000aa', 'Safe', 10, 'jewelry', '/uploads/products/0b0c2a43-8a8e-4a5c-9a53-1c1d7d0f9a10-640.webp'),
      ('00000000-0000-4000-8000-0000000000aa', 'Demo', 10, 'jewelry', '/demo/maang-tikka.svg'),
      ('00000000-0000-4000-8000-0000000000aa', 'Hostile', 10, 'jewelry', '/uploads/../api/logout');
  `);
  for (const file of files.filter((f) => f.startsWith('0004'))) await run(db, file);
});
afterAll(() => db.close());

describe('migration 0004', () => {
  it('gives the notifications the app wrote their template and parameters', async () => {
    const { rows } = await db.query<{ title: string; kind: string | null; params: unknown }>('select title, kind, params from notifications order by title');
    expect(rows).toEqual([
      { title: 'Diwali offer', kind: null, params: null },
      { title: 'New follower', kind: 'new_follower', params: { name: 'Rahul S.', store: 'Priya Jewels' } },
      { title: 'Order cancelled', kind: 'order_cancelled_refund', params: { ref: '#AB12CD34', store: 'Priya Jewels' } },
      { title: 'Order shipped', kind: 'order_shipped', params: { ref: '#AB12CD34', store: 'Priya Jewels' } },
      { title: 'Priya Jewels is live now!', kind: 'stream_live', params: { store: 'Priya Jewels', title: 'Bridal sets' } },
      { title: 'Your store is verified', kind: 'verification_approved', params: { store: 'Priya Jewels', level: { key: 'verification_levels.gold' } } },
    ]);
  });

  it('drops product photo URLs our upload route never issued', async () => {
    const { rows } = await db.query<{ name: string; image_url: string | null }>('select name, image_url from products order by name');
    expect(rows).toEqual([
      { name: 'Demo', image_url: '/demo/maang-tikka.svg' },
      { name: 'Hostile', image_url: null },
      { name: 'Safe', image_url: '/uploads/products/0b0c2a43-8a8e-4a5c-9a53-1c1d7d0f9a10-640.webp' },
    ]);
  });

  it('adds a language to every user, unset until they choose', async () => {
    const { rows } = await db.query<{ language: string | null }>('select language from "user"');
    expect(rows).toEqual([{ language: null }]);
  });
});
