import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from './app.js';
import { loadConfig, readEnv } from './config/env.js';
import { openDatabase, type Database } from './db/client.js';
import { createTestDatabase } from './testing/test-app.js';
import { notifications } from './modules/shopper/tables.js';
import { sellers } from './modules/sellers/tables.js';
import { operatorAudit } from './modules/admin/tables.js';
import { operatorGrants } from './modules/auth/tables.js';
import { makeSeller, type TestSeller } from './testing/fixtures.js';

const run = promisify(execFile);
const serverDir = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lm-admin-'));
// The PostgreSQL pass runs the command on a PostgreSQL database of its own (each child connects to it);
// the first pass on the embedded database in DATA_DIR, which one process at a time holds.
let postgres: { database: Database; url: string; drop: () => Promise<void> } | null = null;

// The operator command as an operator runs it: its own process, on the test's database.
async function admin(...args: string[]) {
  // The child inherits this environment (PATH and the like).
  // eslint-disable-next-line no-restricted-properties
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
  if (postgres) env.DATABASE_URL = postgres.url;
  else delete env.DATABASE_URL;
  try {
    const { stdout } = await run(process.execPath, ['--import', 'tsx', 'src/admin.ts', ...args], { cwd: serverDir, env });
    return { code: 0, out: stdout };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, out: failed.stdout + failed.stderr };
  }
}

async function withDatabase<T>(work: (db: Database) => Promise<T>): Promise<T> {
  if (postgres) return work(postgres.database);
  const database = await openDatabase({ dataDir });
  try {
    return await work(database);
  } finally {
    await database.close();
  }
}

const valid = { businessName: 'Meera Silks', businessAddress: 'Chickpet, Bengaluru', businessPhone: '9876543210', panNumber: 'AAPFU0939F' };
let meera: TestSeller;
let ravi: TestSeller;
const submissionIds: string[] = [];

beforeAll(async () => {
  // Two sellers apply through the real API, then the app (and its hold on the database) goes away.
  if (readEnv().DATABASE_URL && inject('pgTemplate')) {
    const created = await createTestDatabase();
    postgres = { database: created.database, url: created.url!, drop: created.drop };
  }
  await withDatabase(async (database) => {
    await database.migrate();
    const config = loadConfig({ ...readEnv(), DATABASE_URL: postgres?.url ?? '', DATA_DIR: dataDir, OTP_SEND_LIMIT_PER_IP: '1000' });
    const app = await buildApp({ config, database, printOtp: () => {}, webDist: '/nonexistent', housekeeping: false, media: null });
    try {
      meera = await makeSeller(app, database.db, 'Meera');
      ravi = await makeSeller(app, database.db, 'Ravi');
      for (const seller of [meera, ravi]) {
        const res = await app.inject({ method: 'POST', url: '/api/seller/verification', headers: { cookie: seller.cookie, origin: config.publicOrigin }, payload: valid });
        expect(res.statusCode).toBe(201);
        submissionIds.push(res.json().id);
      }
    } finally {
      await app.close();
    }
  });
}, 60_000);
afterAll(async () => {
  if (postgres) {
    await postgres.database.close();
    await postgres.drop();
  }
  rmSync(dataDir, { recursive: true, force: true });
});

describe('npm run admin -- verification', () => {
  it('lists pending submissions, approves one at a level and rejects another, telling both sellers', async () => {
    const list = await admin('verification', 'list');
    expect(list.code).toBe(0);
    for (const id of submissionIds) expect(list.out).toContain(id);
    expect(list.out).toContain("Meera's Store");

    const noLevel = await admin('verification', 'approve', submissionIds[0]!);
    expect(noLevel.code).toBe(1);
    expect(noLevel.out).toContain('approve needs --level basic|silver|gold|diamond');

    const approved = await admin('verification', 'approve', submissionIds[0]!, '--level', 'gold');
    expect(approved.out).toContain("Approved: Meera's Store is now verified (gold)");
    const rejected = await admin('verification', 'reject', submissionIds[1]!);
    expect(rejected.out).toContain("Rejected: Ravi's Store was notified.");
    expect((await admin('verification', 'list')).out).toContain('No submissions waiting for review.');
    expect((await admin('verification', 'reject', submissionIds[0]!)).code).toBe(1); // reviewed already

    await withDatabase(async ({ db }) => {
      const [store] = await db.select().from(sellers).where(eq(sellers.id, meera.sellerId));
      expect(store).toMatchObject({ isVerified: true, verificationLevel: 'gold' });
      const [other] = await db.select().from(sellers).where(eq(sellers.id, ravi.sellerId));
      expect(other).toMatchObject({ isVerified: false });
      for (const seller of [meera, ravi]) {
        const told = await db.select().from(notifications).where(eq(notifications.userId, seller.id));
        expect(told.length).toBeGreaterThan(0);
      }
    });
  }, 120_000);

  it('prints its usage for an unknown command', async () => {
    const wrong = await admin('sellers', 'list');
    expect(wrong.code).toBe(2);
    expect(wrong.out).toContain('usage:');
  }, 60_000);
});

describe('npm run admin -- grant-operator', () => {
  it('makes a phone an operator before its person signs up, once, with an audit line by the command line', async () => {
    const granted = await admin('grant-operator', '+91 70000 00041', '--reason', 'New support hire');
    expect([granted.code, granted.out.trim()]).toEqual([0, '+917000000041 is now an operator: /admin opens for them once they sign in.']);
    expect((await admin('grant-operator', '7000000041')).out).toContain('is an operator already');
    expect((await admin('grant-operator', '12345')).code).toBe(1);
    await withDatabase(async ({ db }) => {
      const lines = await db.select().from(operatorAudit).where(eq(operatorAudit.targetId, '+917000000041'));
      expect(lines.map((l) => [l.action, l.operatorId, l.reason])).toEqual([['operator_granted', null, 'New support hire']]);
      expect(await db.select().from(operatorGrants).where(eq(operatorGrants.phone, '+917000000041'))).toHaveLength(1);
    });
  }, 60_000);
});
