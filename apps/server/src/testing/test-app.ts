import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';

import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp, type BuildAppOptions } from '../app.js';
import { loadConfig, readEnv, type Config } from '../config/env.js';
import { createPglite, fromPglite, fromPool, type Database } from '../db/client.js';
import type { StreamsService } from '../modules/streams/index.js';
import type { MediaServer } from '@live-market/media';

export interface TestApp {
  app: FastifyInstance;
  streams: StreamsService;
  database: Database;
  config: Config;
  otpLines: string[];
  /** The PostgreSQL database's URL (undefined on PGlite): a second instance can open it. */
  databaseUrl?: string;
  close(): Promise<void>;
}

// A fresh, migrated database: a PGlite clone, or a PostgreSQL database made from the template.
export async function createTestDatabase(): Promise<{ database: Database; drop: () => Promise<void>; url?: string }> {
  const template = inject('pgTemplate');
  const databaseUrl = readEnv().DATABASE_URL;
  if (template && databaseUrl) {
    const name = `lm_test_${randomUUID().replace(/-/g, '')}`;
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`create database ${name} template ${template}`);
    const url = new URL(databaseUrl);
    url.pathname = `/${name}`;
    const database = fromPool(new pg.Pool({ connectionString: url.toString(), max: 5 }));
    return {
      database,
      url: url.toString(),
      drop: async () => {
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      },
    };
  }
  const dump = new Blob([readFileSync(inject('pgliteDump'))]);
  const client = await createPglite(undefined, { loadDataDir: dump });
  return { database: fromPglite(client), drop: async () => {} };
}

export async function buildTestApp(
  overrides: Record<string, string> = {},
  media: MediaServer | null = null,
  extra: Pick<BuildAppOptions, 'paymentsFetch' | 'webDist' | 'webServerDist' | 'pushAgent' | 'jobs' | 'onRoute' | 'moneyProviders' | 'carrier'> = {},
): Promise<TestApp> {
  // A Redis prefix of its own, so limits counted by one test never leak into another.
  // Cash-on-delivery confirmation (issue 27) is off unless a test turns it on: most tests ship COD orders at once.
  // /metrics (issue 30) too: apps that listen must not race for its port; a metrics test sets METRICS_PORT=0.
  const config = loadConfig({ ...readEnv(), REDIS_PREFIX: `lm-test:${randomUUID()}:`, COD_CONFIRM_ABOVE_RUPEES: '100000000', METRICS_PORT: 'off', ...overrides });
  const { database, drop, url } = await createTestDatabase();
  const otpLines: string[] = [];
  const app = await buildApp({ config, database, printOtp: (line) => otpLines.push(line), webDist: '/nonexistent', housekeeping: false, media, ...extra });
  await app.ready();
  return {
    app,
    streams: app.streams,
    database,
    config,
    otpLines,
    databaseUrl: url,
    async close() {
      await app.close();
      await database.close();
      await drop();
    },
  };
}

export function cookieHeader(res: LightMyRequestResponse): string {
  return res.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
}

/** Signs in through the real OTP flow (console delivery) and returns the session cookie header. */
export async function signIn(app: FastifyInstance, phoneNumber: string, firstName?: string): Promise<string> {
  const start = await app.inject({ method: 'POST', url: '/api/login/start', payload: { method: 'phone', phoneNumber } });
  if (start.statusCode !== 200) throw new Error(`login start failed: ${start.statusCode} ${start.body}`);
  const { devCode } = start.json() as { devCode: string };
  const verify = await app.inject({ method: 'POST', url: '/api/login/verify', payload: { method: 'phone', phoneNumber, code: devCode, firstName } });
  if (verify.statusCode !== 200) throw new Error(`login verify failed: ${verify.statusCode} ${verify.body}`);
  return cookieHeader(verify);
}
