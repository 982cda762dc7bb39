import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readEnv } from '../config/env.js';
import { sellers } from '../modules/sellers/index.js';
import { user } from '../modules/auth/index.js';
import { eq } from 'drizzle-orm';
import { createTestDatabase } from '../testing/test-app.js';
import { TestSocket } from '../testing/ws-client.js';
import type { Database } from '../db/client.js';

// Two server processes on one PostgreSQL and one Redis serve one stream's room together.
// Needs both (CI's second pass sets DATABASE_URL and REDIS_URL); PGlite cannot be shared by two processes.
const env = readEnv();
const SERVER = fileURLToPath(new URL('../server.ts', import.meta.url));
const ORIGIN = 'http://localhost:5000';

describe.runIf(env.DATABASE_URL && env.REDIS_URL)('two instances behind one load balancer', () => {
  const children: ChildProcess[] = [];
  const ports = [5181, 5182];
  let database: Database;
  let drop: () => Promise<void>;

  function start(port: number, dbUrl: string, prefix: string) {
    const child = spawn(process.execPath, ['--import', 'tsx', SERVER], {
      env: {
        ...env,
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: ORIGIN,
        DATABASE_URL: dbUrl,
        REDIS_PREFIX: prefix,
        SEED_DEMO_DATA: 'false',
        MEDIA_MODE: 'none',
        LOG_LEVEL: 'warn',
        NODE_ENV: 'test',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    children.push(child);
  }

  async function up(port: number) {
    for (let i = 0; i < 200; i++) {
      try {
        if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return;
      } catch {
        // starting
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`instance on ${port} did not start`);
  }

  async function signIn(port: number, phoneNumber: string): Promise<string> {
    const post = (path: string, body: object) =>
      fetch(`http://127.0.0.1:${port}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', origin: ORIGIN }, body: JSON.stringify(body) });
    const { devCode } = (await (await post('/api/login/start', { method: 'phone', phoneNumber })).json()) as { devCode: string };
    const res = await post('/api/login/verify', { method: 'phone', phoneNumber, code: devCode, firstName: phoneNumber.endsWith('1') ? 'Priya' : 'Rahul' });
    return res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  }

  beforeAll(async () => {
    const created = await createTestDatabase();
    database = created.database;
    drop = created.drop;
    const prefix = `lm-test:${randomUUID()}:`;
    for (const port of ports) start(port, created.url!, prefix);
    await Promise.all(ports.map(up));
  }, 60_000);

  afterAll(async () => {
    await Promise.all(
      children.map(async (c) => {
        if (c.exitCode !== null) return;
        const exited = new Promise((r) => c.once('exit', r));
        c.kill('SIGTERM');
        await exited;
      }),
    );
    await database.close();
    await drop();
  });

  it('delivers chat sent on one instance to viewers on the other, with one viewer count', async () => {
    const [a, b] = ports as [number, number];
    const sellerCookie = await signIn(a, '9000000001');
    const viewerCookie = await signIn(b, '9000000002');
    const [seller] = await database.db.select().from(user).where(eq(user.phoneNumber, '+919000000001'));
    await database.db.insert(sellers).values({ userId: seller!.id, storeName: 'Two Cities Jewels', category: 'jewelry' });
    const created = await fetch(`http://127.0.0.1:${a}/api/streams`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: ORIGIN, cookie: sellerCookie },
      body: JSON.stringify({ title: 'Across instances' }),
    });
    expect(created.status).toBe(201);
    const streamId = ((await created.json()) as { id: string }).id;

    const onA = await TestSocket.connect(`ws://127.0.0.1:${a}/ws`, { cookie: sellerCookie, origin: ORIGIN });
    const onB = await TestSocket.connect(`ws://127.0.0.1:${b}/ws`, { cookie: viewerCookie, origin: ORIGIN });
    try {
      onA.send({ type: 'join_stream', streamId });
      await onA.nextOf('viewer_count_update');
      onB.send({ type: 'join_stream', streamId });
      // Both instances count the same one viewer: the viewer on B, not the seller on A (issue 11).
      const countOn = async (s: TestSocket) => {
        for (;;) {
          const m = await s.nextOf('viewer_count_update', 5000);
          if (m.count === 1) return m.count;
        }
      };
      expect(await Promise.all([countOn(onA), countOn(onB)])).toEqual([1, 1]);

      onA.send({ type: 'chat_message', streamId, message: 'Namaste from instance A' });
      expect((await onB.nextOf('new_chat_message')).message).toMatchObject({ message: 'Namaste from instance A', displayName: 'Priya' });
      // A hears its own message too; then B's.
      expect((await onA.nextOf('new_chat_message')).message).toMatchObject({ message: 'Namaste from instance A' });
      onB.send({ type: 'chat_message', streamId, message: 'Hello from B' });
      expect((await onA.nextOf('new_chat_message')).message).toMatchObject({ message: 'Hello from B', displayName: 'Rahul' });

      const ended = await fetch(`http://127.0.0.1:${a}/api/streams/${streamId}`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json', origin: ORIGIN, cookie: sellerCookie },
        body: JSON.stringify({ isLive: false }),
      });
      expect(ended.status).toBe(200);
      expect(await onB.nextOf('stream_ended')).toMatchObject({ type: 'stream_ended', streamId });
    } finally {
      onA.close();
      onB.close();
    }
  }, 60_000);
});
