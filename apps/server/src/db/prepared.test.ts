import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../testing/test-app.js';
import type { Database } from './client.js';
import { preparedStatement } from './prepared.js';

// Runs on PGlite, and on PostgreSQL in the second pass (DATABASE_URL set).
describe('preparedStatement', () => {
  let database: Database;
  let drop: () => Promise<void>;
  const echo = preparedStatement('test_echo', 'select $1::text, $2::int + 1, $3::boolean, $4::text is null');
  const insert = preparedStatement('test_insert', 'insert into prepared_probe (n) values ($1) returning n');

  beforeAll(async () => {
    ({ database, drop } = await createTestDatabase());
    await database.db.execute(sql`create table prepared_probe (n int primary key)`);
  });
  afterAll(async () => {
    await database.close();
    await drop();
  });

  it('binds text values and returns rows as text, in column order', async () => {
    for (const word of ['chai', 'नमस्ते', "it's"]) {
      expect(await echo(database.db, [word, '41', 't', null])).toEqual([[word, '42', 't', 't']]);
    }
    expect(await echo(database.db, ['x', '1', 'f', 'y'])).toEqual([['x', '2', 'f', 'f']]);
  });

  it('reports a database error and still answers the next call', async () => {
    await insert(database.db, ['1']);
    await expect(insert(database.db, ['1'])).rejects.toMatchObject({ code: '23505' });
    await expect(echo(database.db, ['x', 'not a number', 't', null])).rejects.toMatchObject({ code: '22P02' });
    expect(await insert(database.db, ['2'])).toEqual([['2']]);
    expect(await database.db.execute(sql`select 1 as one`)).toMatchObject({ rows: [{ one: 1 }] });
  });

  it('parses again when the statement is gone (PGlite), and is prepared on each pooled connection (PostgreSQL)', async () => {
    await echo(database.db, ['a', '1', 't', null]);
    if (database.pglite) {
      await database.pglite.exec('deallocate all');
      expect(await echo(database.db, ['b', '2', 't', null])).toEqual([['b', '3', 't', 't']]);
    } else {
      // More calls at once than the pool has connections: every connection prepares it for itself.
      const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => echo(database.db, [`c${i}`, String(i), 'f', null])));
      expect(answers).toEqual(Array.from({ length: 12 }, (_, i) => [[`c${i}`, String(i + 1), 'f', 't']]));
    }
  });

  it('refuses a name already taken by another statement, and shares one defined twice', async () => {
    expect(() => preparedStatement('test_echo', 'select 1')).toThrow(/taken by another statement/);
    const again = preparedStatement('test_echo', 'select $1::text, $2::int + 1, $3::boolean, $4::text is null');
    expect(await again(database.db, ['d', '4', 't', null])).toEqual([['d', '5', 't', 't']]);
  });

  it('waits for a transaction in flight rather than running inside it', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const rolledBack = database.db
      .transaction(async (tx) => {
        await tx.execute(sql`insert into prepared_probe (n) values (100)`);
        await held;
        throw new Error('roll back');
      })
      .catch(() => 'rolled back');
    await new Promise((resolve) => setTimeout(resolve, 20));
    const saved = insert(database.db, ['101']);
    release();
    expect(await rolledBack).toBe('rolled back');
    expect(await saved).toEqual([['101']]);
    const { rows } = (await database.db.execute(sql`select n from prepared_probe where n >= 100 order by n`)) as unknown as { rows: { n: number }[] };
    expect(rows).toEqual([{ n: 101 }]);
  });
});
