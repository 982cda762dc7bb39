import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.js';
import { loadConfig, readEnv } from './config/env.js';
import { fromPool } from './db/client.js';
import { goLive, makeProduct, makeSeller, makeUser } from './testing/fixtures.js';
import { buildTestApp, type TestApp } from './testing/test-app.js';

// Decision 053: the runbook's backup and restore, done for real. A test database with a seller, products,
// a live show and a buyer is dumped by deploy/backup/pg-backup.sh, restored by pg-restore.sh into a new
// database, and every table must come back with the same rows; then the app runs on the copy.
const env = readEnv();
const root = path.resolve(import.meta.dirname, '../../..');
const script = (name: string) => path.join(root, 'deploy/backup', name);
const run = (name: string, args: string[]) => spawnSync('bash', [script(name), ...args], { encoding: 'utf8', timeout: 120_000 });

interface TableState {
  rows: number;
  digest: string;
}

// Each table's row count and a digest of its rows in a fixed order: the same rows, not only as many.
async function tables(url: string): Promise<Map<string, TableState>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ schemaname: string; tablename: string }>(
      "select schemaname, tablename from pg_tables where schemaname not in ('pg_catalog', 'information_schema') order by 1, 2",
    );
    const out = new Map<string, TableState>();
    for (const { schemaname, tablename } of rows) {
      const name = `${client.escapeIdentifier(schemaname)}.${client.escapeIdentifier(tablename)}`;
      const { rows: [state] } = await client.query<{ rows: string; digest: string }>(
        `select count(*) as rows, md5(coalesce(string_agg(t::text, E'\\n' order by t::text), '')) as digest from ${name} t`,
      );
      out.set(`${schemaname}.${tablename}`, { rows: Number(state!.rows), digest: state!.digest });
    }
    return out;
  } finally {
    await client.end();
  }
}

describe.runIf(env.DATABASE_URL)('PostgreSQL backup and restore (deploy/backup)', () => {
  let t: TestApp;
  let productId: string;
  let sellerCookie: string;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'lm-backup-'));
  const dump = path.join(dir, 'livemarket.dump');
  const restoredName = `lm_restore_${randomUUID().replace(/-/g, '')}`;
  let restoredUrl: string;

  beforeAll(async () => {
    t = await buildTestApp();
    const seller = await makeSeller(t.app, t.database.db);
    sellerCookie = seller.cookie;
    for (const name of ['Kundan necklace', 'Temple jhumkas', 'Polki bangles']) productId = (await makeProduct(t.database.db, seller.sellerId, { name })).id;
    await goLive(t.app, seller);
    await makeUser(t.app, 'Meera');
    const url = new URL(t.databaseUrl!);
    url.pathname = `/${restoredName}`;
    restoredUrl = url.toString();
  });

  afterAll(async () => {
    await t?.close();
    const admin = new pg.Client({ connectionString: env.DATABASE_URL });
    await admin.connect();
    await admin.query(`drop database if exists ${restoredName} with (force)`);
    await admin.end();
    rmSync(dir, { recursive: true, force: true });
  });

  it('restores every table with the same rows into a new database', async () => {
    const backup = run('pg-backup.sh', [t.databaseUrl!, dump]);
    expect(backup.stderr).toBe('');
    expect(backup.status).toBe(0);
    expect(backup.stdout).toMatch(/pg-backup: .*livemarket\.dump/);

    const restore = run('pg-restore.sh', [dump, restoredUrl]);
    expect(restore.stderr).toBe('');
    expect(restore.status).toBe(0);

    const before = await tables(t.databaseUrl!);
    const after = await tables(restoredUrl);
    expect([...after.keys()]).toEqual([...before.keys()]);
    for (const [name, state] of before) expect({ name, ...after.get(name) }).toEqual({ name, ...state });
    // The data the test wrote is there: the comparison is not of two empty databases.
    expect(before.get('public.products')?.rows).toBe(3);
    expect(before.get('public.user')?.rows).toBe(2);
    expect([...before.values()].filter((s) => s.rows > 0).length).toBeGreaterThan(5);
  });

  it('runs the app on the restored copy: reads what was there, writes new rows', async () => {
    const config = loadConfig({ ...env, DATABASE_URL: restoredUrl, REDIS_URL: '', REDIS_PREFIX: `lm-test:${randomUUID()}:`, METRICS_PORT: 'off' });
    const database = fromPool(new pg.Pool({ connectionString: restoredUrl, max: 3 }));
    await database.migrate();
    const app = await buildApp({ config, database, printOtp: () => {}, webDist: '/nonexistent', housekeeping: false, media: null });
    try {
      await app.ready();
      // The seller's session came back too (same SESSION_SECRET): signed in as before the backup.
      const product = await app.inject({ method: 'GET', url: `/api/products/${productId}`, headers: { cookie: sellerCookie } });
      expect(product.statusCode).toBe(200);
      expect(product.json().product.name).toBe('Polki bangles');
      // Sequences, defaults and indexes came back: signing up a new buyer works.
      const buyer = await makeUser(app, 'Kavya');
      expect(buyer.id).toBeTruthy();
    } finally {
      await app.close();
      await database.close();
    }
  });

  it('refuses to restore over a database that holds tables', () => {
    const again = run('pg-restore.sh', [dump, restoredUrl]);
    expect(again.status).toBe(1);
    expect(again.stderr).toMatch(/already holds \d+ tables; restore into a new database/);
  });

  it('keeps no dump of a database it cannot read', () => {
    const bad = new URL(t.databaseUrl!);
    bad.pathname = `/lm_missing_${randomUUID().replace(/-/g, '')}`;
    const failed = run('pg-backup.sh', [bad.toString(), path.join(dir, 'missing.dump')]);
    expect(failed.status).not.toBe(0);
    expect(spawnSync('ls', [dir], { encoding: 'utf8' }).stdout.split('\n').filter(Boolean)).toEqual(['livemarket.dump']);
  });
});
