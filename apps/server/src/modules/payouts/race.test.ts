import pg from 'pg';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { readEnv } from '../../config/env.js';
import { fromPool, type Database } from '../../db/client.js';
import { createJobQueue } from '../../jobs/queue.js';
import { createTestDatabase } from '../../testing/test-app.js';
import { user } from '../auth/tables.js';
import { balanceOf, ledgerLines } from '../ledger/index.js';
import { sellers } from '../sellers/tables.js';
import { createPayoutsService } from './service.js';
import { simulatedPayouts } from './simulated.js';
import { payoutAccounts, payouts } from './tables.js';

const quiet = { warn() {}, error() {}, info() {}, debug() {}, trace() {}, fatal() {}, child: () => quiet } as unknown as FastifyBaseLogger;

function service(database: Database) {
  return createPayoutsService({
    db: database.db,
    queue: createJobQueue({ database, log: quiet, run: false }),
    provider: simulatedPayouts({ delayMs: 0 }),
    pushUnread: async () => {},
    now: Date.now,
    intervalSeconds: 86_400,
    minimumPaise: 10_000,
    hold: () => ({ before: new Date(), days: 0 }),
  });
}

// Issue 26, item 7: two instances on one PostgreSQL run the payout job at the same moment.
describe.runIf(readEnv().DATABASE_URL)('payout runs on two instances at once', () => {
  it('pay each available balance once, for the same run or for two runs', async () => {
    const { database, drop, url } = await createTestDatabase();
    const other = fromPool(new pg.Pool({ connectionString: url, max: 3 }));
    try {
      const db = database.db;
      const ids: string[] = [];
      for (let i = 0; i < 40; i++) {
        const [u] = await db.insert(user).values({ name: `S${i}`, email: `s${i}@sellers.test`, firstName: `S${i}` }).returning();
        const [s] = await db.insert(sellers).values({ userId: u!.id, storeName: `Store ${i}` }).returning();
        await db.insert(payoutAccounts).values({ sellerId: s!.id, kind: 'vpa', accountHolderName: `S${i}`, vpa: `s${i}@okaxis` });
        await db.insert(ledgerLines).values({ sellerId: s!.id, type: 'adjustment', amountPaise: 10_000 + i * 101, key: `seed:${s!.id}`, note: 'opening balance' });
        ids.push(s!.id);
      }
      const [a, b] = [service(database), service(other)];
      const [sameA, sameB] = await Promise.all([a.run(7), b.run(7)]);
      expect(sameA.length + sameB.length).toBe(40);
      const [again, later] = await Promise.all([a.run(7), b.run(8)]);
      expect([...again, ...later]).toEqual([]);
      const rows = await db.select().from(payouts);
      expect(rows).toHaveLength(40);
      for (const [i, id] of ids.entries()) {
        expect(rows.filter((p) => p.sellerId === id).map((p) => p.amountPaise)).toEqual([10_000 + i * 101]);
        expect((await balanceOf(db, id, { before: new Date(), days: 0 })).available).toBe(0);
      }
      const [lines] = await db.select({ n: sql<number>`count(*)::int` }).from(ledgerLines).where(eq(ledgerLines.type, 'payout'));
      expect(lines!.n).toBe(40);
    } finally {
      await other.close();
      await database.close();
      await drop();
    }
  }, 60_000);
});
