import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../testing/test-app.js';
import { TestClock } from '../jobs/clock.js';
import { BOSS_SCHEMA } from '../jobs/boss-schema.js';

// A queue no instance works on: its jobs stay due and untaken, as when every worker is stuck.
const IDLE = 'metrics-test-idle';
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({}, null, { jobs: { clock: new TestClock(Date.now()), work: true } });
});
afterAll(() => t.close());

const queueSeries = async (name: string) => {
  const metric = (await t.app.metrics.getMetricsAsJSON()).find((m) => m.name === name);
  return new Map(metric?.values.map((v) => [String(v.labels.queue), v.value]));
};

describe('pg-boss backlog', () => {
  it("counts due jobs not yet taken per queue, with the oldest one's wait; every queue shows, idle ones at 0", async () => {
    await t.database.db.execute(sql.raw(`select ${BOSS_SCHEMA}.create_queue('${IDLE}', '{"policy":"standard"}'::json)`));
    const before = await queueSeries('livemarket_jobs_queued');
    expect(before.get(IDLE)).toBe(0);
    // The app's own queues are listed too (payouts run on one).
    expect([...before.keys()].length).toBeGreaterThan(1);
    expect([...before.values()].every((n) => Number.isInteger(n) && n >= 0)).toBe(true);

    await t.database.db.execute(
      sql.raw(`insert into ${BOSS_SCHEMA}.job (name, data, start_after) values
        ('${IDLE}', '{}', now() - interval '5 minutes'), ('${IDLE}', '{}', now() - interval '1 minute'),
        ('${IDLE}', '{}', now() + interval '1 hour')`),
    );
    // The one due in an hour is not due yet.
    expect((await queueSeries('livemarket_jobs_queued')).get(IDLE)).toBe(2);
    const oldest = (await queueSeries('livemarket_jobs_oldest_age_seconds')).get(IDLE)!;
    expect(oldest).toBeGreaterThanOrEqual(300);
    expect(oldest).toBeLessThan(400);
  });
});
