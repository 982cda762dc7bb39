import { createRequire } from 'node:module';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.js';

export const BOSS_SCHEMA = 'pgboss';

/** The schema version of the installed pg-boss (24 for pg-boss 10), as its own migrations count it. */
export const BOSS_SCHEMA_VERSION: number = (createRequire(import.meta.url)('pg-boss/version.json') as { schema: number }).schema;

type Rows<T> = { rows: T[] };

/**
 * A database that ran pg-boss 12 (before decision 039) has a `pgboss` schema pg-boss 10 cannot read
 * and does not migrate down: it would start and then fail on every poll. That schema is renamed aside
 * and kept, pg-boss 10 makes a new one, and the jobs still waiting in it are carried over
 * (waitingJobsIn). Returns the new name, or null when there was nothing to move.
 */
export async function moveAsideNewerBossSchema(database: Database, log: FastifyBaseLogger): Promise<string | null> {
  return database.db.transaction(async (tx) => {
    // Two instances starting together on one PostgreSQL: the second waits, then finds nothing to move.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('live-market:pgboss-schema'))`);
    const table = (await tx.execute(sql`select to_regclass(${`${BOSS_SCHEMA}.version`})::text as name`)) as unknown as Rows<{ name: string | null }>;
    if (!table.rows[0]?.name) return null;
    const found = (await tx.execute(sql.raw(`select version from ${BOSS_SCHEMA}.version`))) as unknown as Rows<{ version: number | string }>;
    const version = Number(found.rows[0]?.version);
    if (!(version > BOSS_SCHEMA_VERSION)) return null;
    let aside = `${BOSS_SCHEMA}_schema${version}_old`;
    const taken = (await tx.execute(sql`select 1 from pg_namespace where nspname = ${aside}`)) as unknown as Rows<unknown>;
    if (taken.rows.length) aside = `${aside}_${Date.now()}`;
    await tx.execute(sql.raw(`alter schema ${BOSS_SCHEMA} rename to ${aside}`));
    log.warn(
      { schema: BOSS_SCHEMA, version, expected: BOSS_SCHEMA_VERSION, renamedTo: aside },
      `The job queue's schema "${BOSS_SCHEMA}" was made by a newer pg-boss (schema version ${version}); renamed to "${aside}", a new one is created`,
    );
    return aside;
  });
}

export interface QueueOptions {
  retryLimit: number;
  retryDelay: number;
  retryBackoff: boolean;
}

/**
 * Creates the named queues that do not exist yet, one instance at a time. pg-boss 10's create_queue
 * takes no lock: two instances starting together on one PostgreSQL each insert a queue row and alter
 * the job table, and deadlock (CI saw it: both instances failed to start). Our own transaction holds
 * an advisory lock while it calls the same function, so the second instance waits and creates nothing.
 */
export async function createQueues(database: Database, names: string[], options: QueueOptions): Promise<void> {
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('live-market:pgboss-queues'))`);
    const data = JSON.stringify({ policy: 'standard', ...options });
    for (const name of names) {
      await tx.execute(sql`select ${sql.raw(BOSS_SCHEMA)}.create_queue(${name}, ${data}::json)`);
    }
  });
}

export interface WaitingJob {
  id: string;
  name: string;
  data: object;
  startAfter: Date;
}

/**
 * The jobs of `names` not yet done in a schema moved aside: waiting, waiting for a retry, or cut short
 * by a stop (their handlers are idempotent, so running one again is safe). Their ids are kept, so
 * the same key sent again later is still skipped.
 */
export async function waitingJobsIn(database: Database, schema: string, names: string[]): Promise<WaitingJob[]> {
  if (names.length === 0) return [];
  const found = (await database.db.execute(sql`
    select id::text as id, name, data, start_after as "startAfter" from ${sql.raw(schema)}.job
    where state::text in ('created', 'retry', 'active') and name in (${sql.join(names.map((n) => sql`${n}`), sql`, `)})`)) as unknown as Rows<WaitingJob & { startAfter: Date | string }>;
  return found.rows.map((r) => ({ ...r, startAfter: new Date(r.startAfter) }));
}
