import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { PgBoss, fromPglite, systemClock, type Clock, type ConstructorOptions } from 'pg-boss';
import type { Database } from '../db/client.js';

export type { Clock };

/** A job to run at a time; the same `key` twice is queued once (decision 024). */
export interface TimedJob<T extends object> {
  key: string;
  data: T;
  startAfter: Date;
}

/**
 * Timed work that must survive restarts and run once across instances (reminders today), in
 * PostgreSQL through pg-boss: the app's PGlite, or its own small pool on the app's PostgreSQL.
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
  /** Tests pass pg-boss's TestClock, which also moves the database's idea of now for the queue. */
  clock?: Clock;
  /** false: nothing is started, sends are dropped (tests that do not exercise timed work). */
  run: boolean;
}

/**
 * A job id made from its key: pg-boss inserts with ON CONFLICT DO NOTHING, so sending the same key
 * again (a retry, a second instance, the start-up re-queue) adds nothing while the first is kept.
 */
export function jobId(name: string, key: string): string {
  const h = createHash('sha256').update(`${name}\0${key}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

function connection(database: Database): ConstructorOptions {
  if (database.pglite) return { db: fromPglite(database.pglite), backend: 'pglite' };
  if (!database.pool) throw new Error('The job queue needs the PGlite client or the pg pool of the database');
  const { connectionString, host, port, user, password, database: name, ssl } = database.pool.options;
  // Its own few connections: a worker's poll never waits behind the API's queries for a pooled one.
  return { connectionString, host, port, user, password: password as string | undefined, database: name, ssl, max: 3, application_name: 'live-market-jobs' };
}

export function createJobQueue(opts: JobQueueOptions): JobQueue {
  const { database, log, run } = opts;
  const clock = opts.clock ?? systemClock;
  const handlers = new Map<string, (data: object) => Promise<void>>();
  const starters: Array<() => Promise<void>> = [];
  let boss: PgBoss | null = null;

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
      if (!boss || jobs.length === 0) return;
      await boss.insert(
        name,
        jobs.map((j) => ({ id: jobId(name, j.key), data: j.data, startAfter: j.startAfter })),
      );
    },
    async start() {
      if (!run || boss) return;
      const started = new PgBoss({ ...connection(database), clock, schedule: false, supervise: true, migrate: true });
      started.on('error', (err) => log.error({ err }, 'job queue error'));
      await started.start();
      for (const [name, handle] of handlers) {
        await started.createQueue(name, { retryLimit: 3, retryDelay: 30, retryBackoff: true });
        await started.work<object>(name, async (jobs) => {
          for (const job of jobs) await handle(job.data);
        });
      }
      boss = started;
      for (const fn of starters) {
        // A failed re-queue is logged: what was queued before the restart still runs.
        await fn().catch((err: unknown) => log.error({ err }, 'job queue start-up work failed'));
      }
    },
    async stop() {
      const stopping = boss;
      boss = null;
      // Graceful: a handler that is running finishes (or is retried by another instance after it expires).
      await stopping?.stop({ graceful: true, timeout: 10_000 });
    },
  };
}
