import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { withAfterCommit } from './after-commit.js';
import * as schema from './schema.js';
import type { Db } from './types.js';

export type { Db, Schema, Tx } from './types.js';

export interface Database {
  db: Db;
  driver: 'pglite' | 'pg';
  /** The client underneath, for the job queue (pg-boss) to share this database. */
  pglite?: PGlite;
  pool?: pg.Pool;
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** An embedded PostgreSQL with the extensions our migrations create (pg_trgm for search, issue 29). */
export function createPglite(dataDir?: string, options: PGliteOptions = {}): Promise<PGlite> {
  return PGlite.create({ ...options, ...(dataDir ? { dataDir } : {}), extensions: { pg_trgm, ...options.extensions } });
}

export function fromPglite(client: PGlite): Database {
  const db = drizzlePglite(client, { schema });
  return {
    db: withAfterCommit(db as unknown as Db),
    driver: 'pglite',
    pglite: client,
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_DIR }),
    close: () => client.close(),
  };
}

export function fromPool(pool: pg.Pool): Database {
  // An idle connection the server closed (restart, failover) is replaced by the pool on next use;
  // without a listener the error would crash the process.
  pool.on('error', () => {});
  const db = drizzlePg(pool, { schema });
  return {
    db: withAfterCommit(db as unknown as Db),
    driver: 'pg',
    pool,
    migrate: () => migratePg(db, { migrationsFolder: MIGRATIONS_DIR }),
    close: () => pool.end(),
  };
}

export async function openDatabase(opts: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  if (opts.databaseUrl) return fromPool(new pg.Pool({ connectionString: opts.databaseUrl, max: 20 }));
  const dir = path.join(opts.dataDir, 'pglite');
  // PGlite does not create its folder's parents, and only says so at the first query.
  mkdirSync(dir, { recursive: true });
  return fromPglite(await createPglite(dir));
}
