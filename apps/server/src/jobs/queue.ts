import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { Database } from '../db/client.js';
import { pgliteBossDatabase } from './boss-database.js';
import { BOSS_SCHEMA, createQueues, moveAsideNewerBossSchema, waitingJobsIn } from './boss-schema.js';
import { systemClock, TestClock, type Clock } from './clock.js';

export type { Clock };

/** A job to run at a time; the same `key` twice is queued once (decision 024). */
export interface TimedJob<T extends object> {
  key: string;
  data: T;
  startAfter: Date;
}

/**
 * Timed work that must survive restarts and run once across instances (reminders, deal and auction
 * deadlines), in PostgreSQL through pg-boss 10: the app's PGlite, or its own small pool on the app's
 * PostgreSQL (decisions 024 and 039).
 */
export interface JobQueue {
  /** What "now" is for timed work: the system clock, or a test's TestClock. */
  readonly clock: Clock;
  /** Whether this instance runs the queue. When it does not (tests' housekeeping: false), send() drops jobs. */
  readonly running: boolean;
  /** Before start(): a queue and its handler. A handler that throws is retried (three times, backing off). */
  define<T extends object>(name: string, handle: (data: T) => Promise<void>): void;
  /** Before start(): work to do once the queue is up on this instance (re-queueing what a crash lost). */
  onStart(fn: () => Promise<void>): void;
  /** Queues jobs; a key already queued (or run, for a week) is skipped. Never call inside a transaction on PGlite. */
  send<T extends object>(name: string, jobs: TimedJob<T>[]): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export interface JobQueueOptions {
  database: Database;
  log: FastifyBaseLogger;
  /** Tests pass a TestClock; when it moves, the jobs it has passed become due (decision 039). */
  clock?: Clock;
  /** false: nothing is started, sends are dropped (tests that do not exercise timed work). */
  run: boolean;
  /** How often each queue looks for due jobs by itself (POLL_SECONDS); tests shorten it. */
  pollSeconds?: number;
}

/**
 * How often each queue looks for due jobs by itself: the backstop for jobs another instance queued,
 * retries, and jobs that fell due while this instance was down. A job this instance queues wakes its
 * worker when it falls due, so the backstop can be slow: ten queues polled every 2 s were most of an
 * idle server's CPU (decision 058).
 */
const POLL_SECONDS = 30;
/** After its start time by the database's clock, which a wake-up must not beat. */
const WAKE_SLACK_MS = 250;
/** setTimeout's ceiling (~24.8 days); a job due later is left to the poll. */
const MAX_WAIT_MS = 2 ** 31 - 1;

/**
 * A job id made from its key: pg-boss inserts with ON CONFLICT DO NOTHING, so sending the same key
 * again (a retry, a second instance, the start-up re-queue) adds nothing while the first is kept.
 */
export function jobId(name: string, key: string): string {
  const h = createHash('sha256').update(`${name}\0${key}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

function connection(database: Database): PgBoss.ConstructorOptions {
  if (database.pglite) return { db: pgliteBossDatabase(database.pglite) };
  if (!database.pool) throw new Error('The job queue needs the PGlite client or the pg pool of the database');
  const { connectionString, host, port, user, password, database: name, ssl } = database.pool.options;
  // Its own few connections: a worker's poll never waits behind the API's queries for a pooled one.
  return { connectionString, host, port, user, password: password as string | undefined, database: name, ssl, max: 3, application_name: 'live-market-jobs' };
}

// A job id stays taken while its row is in the job table; completed rows move to the archive after
// this, so "run, for a week" holds (pg-boss 10 archives after 12 hours by default).
const KEEP_COMPLETED_SECONDS = 7 * 24 * 3600;

/**
 * For a TestClock: jobs whose start time the test clock has passed are made due by the database's
 * clock, which pg-boss compares start times with. Idempotent, so every instance on one database can run it.
 */
const CATCH_UP = `update ${BOSS_SCHEMA}.job set start_after = now() - interval '1 millisecond'
  where state < 'active' and start_after > now() and start_after <= $1`;

export function createJobQueue(opts: JobQueueOptions): JobQueue {
  const { database, log, run } = opts;
  const clock = opts.clock ?? systemClock;
  const handlers = new Map<string, (data: object) => Promise<void>>();
  const starters: Array<() => Promise<void>> = [];
  const workers = new Map<string, string>();
  const wakeups = new Map<string, NodeJS.Timeout>();
  let boss: PgBoss | null = null;
  let unlisten = () => {};

  async function catchUp(started: PgBoss, now: number) {
    await started.getDb().executeSql(CATCH_UP, [new Date(now)]);
    for (const id of workers.values()) started.notifyWorker(id);
  }

  // Deadlines of deals, auctions and payments live only in the queue once their timers are gone.
  async function carryOver(started: PgBoss, aside: string) {
    try {
      const jobs = await waitingJobsIn(database, aside, [...handlers.keys()]);
      if (jobs.length) await started.insert(jobs);
      log.info({ schema: aside, jobs: jobs.length }, 'jobs still waiting in the old job queue schema were carried over');
    } catch (err) {
      log.error({ err, schema: aside }, 'carrying over the old job queue schema\'s waiting jobs failed; reminders are queued again at start-up, other deadlines are lost');
    }
  }

  /** This instance's worker for `name` fetches when the job falls due, not at its next poll. */
  function wakeAt(name: string, id: string, when: number) {
    const worker = workers.get(name);
    if (!worker) return;
    const wait = when - Date.now() + WAKE_SLACK_MS;
    if (wait > MAX_WAIT_MS) return;
    clearTimeout(wakeups.get(id));
    const timer = setTimeout(() => {
      wakeups.delete(id);
      boss?.notifyWorker(worker);
    }, Math.max(0, wait));
    timer.unref();
    wakeups.set(id, timer);
  }

  return {
    clock,
    running: run,
    define(name, handle) {
      handlers.set(name, handle as (data: object) => Promise<void>);
    },
    onStart(fn) {
      starters.push(fn);
    },
    async send(name, jobs) {
      const started = boss;
      if (!started || jobs.length === 0) return;
      await started.insert(jobs.map((j) => ({ name, id: jobId(name, j.key), data: j.data, startAfter: j.startAfter })));
      if (clock instanceof TestClock) await catchUp(started, clock.now());
      else for (const job of jobs) wakeAt(name, jobId(name, job.key), job.startAfter.getTime());
    },
    async start() {
      if (!run || boss) return;
      const aside = await moveAsideNewerBossSchema(database, log);
      const started = new PgBoss({
        ...connection(database),
        schema: BOSS_SCHEMA,
        schedule: false,
        supervise: true,
        migrate: true,
        archiveCompletedAfterSeconds: KEEP_COMPLETED_SECONDS,
      });
      started.on('error', (err) => log.error({ err }, 'job queue error'));
      await started.start();
      await createQueues(database, [...handlers.keys()], { retryLimit: 3, retryDelay: 30, retryBackoff: true });
      for (const [name, handle] of handlers) {
        let id = '';
        id = await started.work<object>(name, { pollingIntervalSeconds: opts.pollSeconds ?? POLL_SECONDS }, async (jobs) => {
          for (const job of jobs) await handle(job.data);
          // More may be due (a backlog): fetch again at once, not a poll interval later. Next turn of
          // the loop, when `id` is set even for a batch fetched while work() was returning.
          setImmediate(() => started.notifyWorker(id));
        });
        workers.set(name, id);
      }
      boss = started;
      if (aside) await carryOver(started, aside);
      if (clock instanceof TestClock) {
        unlisten = clock.listen((now) => catchUp(started, now));
        await catchUp(started, clock.now());
      }
      for (const fn of starters) {
        // A failed re-queue is logged: what was queued before the restart still runs.
        await fn().catch((err: unknown) => log.error({ err }, 'job queue start-up work failed'));
      }
    },
    async stop() {
      const stopping = boss;
      boss = null;
      unlisten();
      workers.clear();
      for (const timer of wakeups.values()) clearTimeout(timer);
      wakeups.clear();
      // Graceful: a handler that is running finishes (or is retried by another instance after it expires).
      await stopping?.stop({ graceful: true, timeout: 10_000 });
    },
  };
}
