import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { readEnv } from '../config/env.js';
import { fromPool, type Database } from '../db/client.js';
import { createTestDatabase } from '../testing/test-app.js';
import { eventually } from '../testing/push-service.js';
import { BOSS_SCHEMA_VERSION } from './boss-schema.js';
import { TestClock } from './clock.js';
import { createJobQueue, type JobQueue } from './queue.js';

// Decision 039: pg-boss 10 with our TestClock, on PGlite, or on PostgreSQL when DATABASE_URL is set.
const MINUTE = 60_000;

type Rows<T> = { rows: T[] };
const query = async <T>(database: Database, statement: ReturnType<typeof sql>) =>
  ((await database.db.execute(statement)) as unknown as Rows<T>).rows;

/** A logger that keeps its warnings, for the one the schema move writes. */
function keptLog(warnings: string[]): FastifyBaseLogger {
  const log = {
    level: 'warn',
    warn: (_obj: unknown, msg?: string) => void warnings.push(msg ?? ''),
    error: () => {},
    info: () => {},
    debug: () => {},
    trace: () => {},
    fatal: () => {},
    silent: () => {},
    child: () => log,
  };
  return log as unknown as FastifyBaseLogger;
}

/** A queue with one job kind, `test-job` unless named, whose runs land in `ran`; on the system clock without a TestClock. */
async function startQueue(
  database: Database,
  clock: TestClock | undefined,
  ran: object[],
  { warnings = [], pollSeconds, name = 'test-job' }: { warnings?: string[]; pollSeconds?: number; name?: string } = {},
): Promise<JobQueue> {
  const queue = createJobQueue({ database, log: keptLog(warnings), clock, run: true, pollSeconds });
  queue.define<object>(name, async (data) => void ran.push(data));
  await queue.start();
  return queue;
}

/** Long enough for a woken worker to fetch and run what is due. */
const pause = () => new Promise((r) => setTimeout(r, 700));

describe('the job queue (pg-boss 10)', () => {
  let database: Database;
  let drop: () => Promise<void>;
  const clock = new TestClock();
  const ran: object[] = [];
  let queue: JobQueue;

  beforeAll(async () => {
    ({ database, drop } = await createTestDatabase());
    queue = await startQueue(database, clock, ran);
  });
  afterAll(async () => {
    await queue.stop();
    await database.close();
    await drop();
  });
  afterEach(() => void ran.splice(0));

  it('runs a job sent twice with the same key once, with the data it was first sent with', async () => {
    await queue.send('test-job', [{ key: 'twice', data: { n: 1 }, startAfter: new Date(clock.now()) }]);
    await queue.send('test-job', [{ key: 'twice', data: { n: 2 }, startAfter: new Date(clock.now()) }]);
    await clock.tick(1000);
    await eventually(() => expect(ran).toEqual([{ n: 1 }]));
    await clock.tick(MINUTE);
    await pause();
    expect(ran).toEqual([{ n: 1 }]);
    const rows = await query<{ state: string }>(database, sql`select state from pgboss.job where name = 'test-job' and data->>'n' is not null`);
    expect(rows).toEqual([{ state: 'completed' }]);
  });

  it('runs a delayed job once the TestClock passes its start, not before', async () => {
    const at = clock.now() + 60 * MINUTE;
    await queue.send('test-job', [{ key: 'later', data: { later: true }, startAfter: new Date(at) }]);
    await clock.setTime(at - MINUTE);
    await pause();
    expect(ran).toEqual([]);
    await clock.setTime(at + 1);
    await eventually(() => expect(ran).toEqual([{ later: true }]));
  });
});

// Decision 058: on the system clock a queue polls rarely; the jobs this instance sends wake it when due.
describe('the job queue on the system clock', () => {
  let database: Database;
  let drop: () => Promise<void>;
  const ran: object[] = [];
  let queue: JobQueue;

  beforeAll(async () => {
    ({ database, drop } = await createTestDatabase());
    // A poll a minute: what runs within the tests' seconds was woken.
    queue = await startQueue(database, undefined, ran, { pollSeconds: 60 });
  });
  afterAll(async () => {
    await queue.stop();
    await database.close();
    await drop();
  });
  afterEach(() => void ran.splice(0));

  it('runs a job it sent when it falls due, not a poll later, and not before', async () => {
    const sent = Date.now();
    await queue.send('test-job', [{ key: 'soon', data: { soon: true }, startAfter: new Date(sent + 600) }]);
    await new Promise((r) => setTimeout(r, 300));
    expect(ran).toEqual([]);
    await eventually(() => expect(ran).toEqual([{ soon: true }]), 1500);
    expect(Date.now() - sent).toBeLessThan(1900);
  });

  it('runs a backlog at once, not a job a poll', async () => {
    const now = new Date();
    await queue.send('test-job', Array.from({ length: 6 }, (_, n) => ({ key: `backlog-${n}`, data: { n }, startAfter: now })));
    await eventually(() => expect(ran).toHaveLength(6), 1500);
  });

  it('finds by its poll a job that nothing woke it for (another instance queued it)', async () => {
    const polled: object[] = [];
    const often = await startQueue(database, undefined, polled, { pollSeconds: 1, name: 'polled-job' });
    try {
      await database.db.execute(sql`insert into pgboss.job (name, data) values ('polled-job', '{"other":true}')`);
      await eventually(() => expect(polled).toEqual([{ other: true }]), 3000);
    } finally {
      await often.stop();
    }
  });
});

describe('a database that ran a newer pg-boss', () => {
  it('has its pgboss schema renamed aside, with a warning, its waiting jobs carried over to a new one', async () => {
    const { database, drop } = await createTestDatabase();
    try {
      // What pg-boss 12 leaves behind, as far as the move reads it: its version, and jobs.
      await database.db.execute(sql`create schema pgboss`);
      await database.db.execute(sql`create table pgboss.version (version int primary key)`);
      await database.db.execute(sql`insert into pgboss.version values (46)`);
      await database.db.execute(sql`create table pgboss.job (id uuid, name text, data jsonb, state text, start_after timestamptz)`);
      await database.db.execute(sql`insert into pgboss.job values
        ('00000000-0000-4000-8000-000000000001', 'test-job', '{"waiting":true}', 'created', now()),
        ('00000000-0000-4000-8000-000000000002', 'test-job', '{"done":true}', 'completed', now()),
        ('00000000-0000-4000-8000-000000000003', 'other-job', '{"other":true}', 'created', now())`);
      const clock = new TestClock();
      const ran: object[] = [];
      const warnings: string[] = [];
      const queue = await startQueue(database, clock, ran, { warnings });
      try {
        expect(warnings).toEqual([expect.stringContaining('renamed to "pgboss_schema46_old"')]);
        expect(await query(database, sql`select version from pgboss_schema46_old.version`)).toEqual([{ version: 46 }]);
        expect(await query(database, sql`select version::int as version from pgboss.version`)).toEqual([{ version: BOSS_SCHEMA_VERSION }]);
        // The job still waiting there is carried over and runs; the done one and another kind's do not.
        await clock.tick(1000);
        await eventually(() => expect(ran).toEqual([{ waiting: true }]));
        await queue.send('test-job', [{ key: 'after-move', data: { moved: true }, startAfter: new Date(clock.now()) }]);
        await clock.tick(1000);
        await eventually(() => expect(ran).toEqual([{ waiting: true }, { moved: true }]));
      } finally {
        await queue.stop();
      }
      // A restart finds pg-boss 10's own schema and leaves it.
      const again = await startQueue(database, clock, ran, { warnings });
      await again.stop();
      expect(warnings).toHaveLength(1);
    } finally {
      await database.close();
      await drop();
    }
  });
});

// Separate processes share PostgreSQL only (one process owns a PGlite); the PostgreSQL pass of `npm test` runs it.
describe.runIf(readEnv().DATABASE_URL)('instances starting together on one PostgreSQL', () => {
  it('create their queues without deadlocking, each queue once', async () => {
    const { database, drop, url } = await createTestDatabase();
    // Each instance has its own pool, as separate processes do.
    const others = Array.from({ length: 3 }, () => fromPool(new pg.Pool({ connectionString: url, max: 3 })));
    const names = Array.from({ length: 8 }, (_, i) => `together-${i}`);
    const queues = [database, ...others].map((db) => {
      const queue = createJobQueue({ database: db, log: keptLog([]), clock: new TestClock(), run: true });
      for (const name of names) queue.define<object>(name, async () => {});
      return queue;
    });
    try {
      await Promise.all(queues.map((q) => q.start()));
      const rows = await query<{ name: string }>(database, sql`select name from pgboss.queue where name like 'together-%' order by name`);
      expect(rows.map((r) => r.name)).toEqual(names);
    } finally {
      await Promise.all(queues.map((q) => q.stop()));
      await Promise.all(others.map((db) => db.close()));
      await database.close();
      await drop();
    }
  }, 60_000);
});
