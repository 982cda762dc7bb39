import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { readEnv } from '../config/env.js';
import type { Database } from '../db/client.js';
import { createTestDatabase } from './test-app.js';

const SERVER = fileURLToPath(new URL('../server.ts', import.meta.url));
export const ORIGIN = 'http://localhost:5000';

export interface Instances {
  database: Database;
  /** A request to the instance on `port`, as a browser of ORIGIN sends it; redirects are not followed. */
  call(port: number, method: string, path: string, cookie?: string, body?: object): Promise<Response>;
  signIn(port: number, phoneNumber: string, firstName: string): Promise<string>;
  stop(): Promise<void>;
}

/**
 * Real server processes on one fresh PostgreSQL database and one Redis, as behind a load balancer.
 * Needs DATABASE_URL and REDIS_URL (PGlite cannot be shared by two processes).
 */
export async function startInstances(ports: number[], env: Record<string, string> = {}): Promise<Instances> {
  const created = await createTestDatabase();
  const prefix = `lm-test:${randomUUID()}:`;
  const children: ChildProcess[] = ports.map((port) =>
    spawn(process.execPath, ['--import', 'tsx', SERVER], {
      env: {
        ...readEnv(),
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: ORIGIN,
        DATABASE_URL: created.url!,
        REDIS_PREFIX: prefix,
        SEED_DEMO_DATA: 'false',
        MEDIA_MODE: 'none',
        LOG_LEVEL: 'warn',
        NODE_ENV: 'test',
        // Test files run side by side: none of their instances takes the metrics port (9464).
        METRICS_PORT: 'off',
        ...env,
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    }),
  );

  async function up(port: number, index: number) {
    for (let i = 0; i < 600; i++) {
      const { exitCode } = children[index]!;
      if (exitCode !== null) throw new Error(`instance on ${port} exited with code ${exitCode} while starting (its error is above)`);
      try {
        if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return;
      } catch {
        // starting
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`instance on ${port} did not start`);
  }
  async function stopChildren() {
    await Promise.all(
      children.map(async (c) => {
        if (c.exitCode !== null) return;
        const exited = new Promise((r) => c.once('exit', r));
        c.kill('SIGTERM');
        await exited;
      }),
    );
  }
  try {
    await Promise.all(ports.map((port, i) => up(port, i)));
  } catch (error) {
    // Never leave a half-started pair behind: the next run would talk to them.
    await stopChildren();
    await created.database.close();
    await created.drop();
    throw error;
  }

  const call: Instances['call'] = (port, method, path, cookie, body) =>
    fetch(`http://127.0.0.1:${port}${path}`, {
      method,
      // The answer itself (a sign-out's 303), not the page it points to: these runs have no built web app.
      redirect: 'manual',
      headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });

  return {
    database: created.database,
    call,
    async signIn(port, phoneNumber, firstName) {
      const { devCode } = (await (await call(port, 'POST', '/api/login/start', undefined, { method: 'phone', phoneNumber })).json()) as { devCode: string };
      const res = await call(port, 'POST', '/api/login/verify', undefined, { method: 'phone', phoneNumber, code: devCode, firstName });
      return res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    },
    async stop() {
      await stopChildren();
      await created.database.close();
      await created.drop();
    },
  };
}
