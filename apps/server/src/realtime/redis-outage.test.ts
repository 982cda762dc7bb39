import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readEnv } from '../config/env.js';
import { sellers } from '../modules/sellers/index.js';
import { user } from '../modules/auth/index.js';
import { ORIGIN, startInstances, type Instances } from '../testing/instances.js';
import { TestSocket } from '../testing/ws-client.js';
import { SESSION_ENDED_CLOSE_CODE } from '@live-market/contract';

// Issue 15: two instances on a Redis of the test's own, which it kills and starts again. Each instance
// keeps serving its own sockets and answering HTTP while Redis is down, says so in /api/health, and
// everything comes back by itself.
const env = readEnv();
const redisServer = spawnSync('sh', ['-c', 'command -v redis-server'], { encoding: 'utf8' }).stdout.trim();

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function until<T>(what: string, probe: () => Promise<T | undefined | false>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe.runIf(env.DATABASE_URL && redisServer)('when Redis goes down and comes back', () => {
  const ports = [5185, 5186] as const;
  const [a, b] = ports;
  let redisPort: number;
  let redis: ChildProcess | null = null;
  let x: Instances;
  let streamId: string;
  let sellerCookie: string;
  const sockets: TestSocket[] = [];

  function startRedis() {
    redis = spawn(redisServer, ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  }
  async function killRedis() {
    const exited = new Promise((r) => redis!.once('exit', r));
    redis!.kill('SIGKILL');
    await exited;
    redis = null;
  }
  const health = async (port: number) => (await x.call(port, 'GET', '/api/health')).json() as Promise<{ ok: boolean; database: string; redis: string }>;
  async function connect(port: number, cookie: string) {
    const s = await TestSocket.connect(`ws://127.0.0.1:${port}/ws`, { cookie, origin: ORIGIN });
    sockets.push(s);
    return s;
  }
  async function chatReaches(from: TestSocket, to: TestSocket, text: string) {
    from.send({ type: 'chat_message', streamId, message: text });
    for (;;) if (((await to.nextOf('new_chat_message', 3000)).message as { message: string }).message === text) return true;
  }

  beforeAll(async () => {
    redisPort = await freePort();
    startRedis();
    await until('redis', () => new Promise<boolean>((resolve) => net.connect(redisPort, '127.0.0.1').on('connect', function (this: net.Socket) {
      this.destroy();
      resolve(true);
    }).on('error', () => resolve(false))));
    x = await startInstances([...ports], { REDIS_URL: `redis://127.0.0.1:${redisPort}` });
    sellerCookie = await x.signIn(a, '9200000001', 'Priya');
    const [seller] = await x.database.db.select().from(user).where(eq(user.phoneNumber, '+919200000001'));
    await x.database.db.insert(sellers).values({ userId: seller!.id, storeName: 'Outage Jewels', category: 'jewelry' });
    streamId = ((await (await x.call(a, 'POST', '/api/streams', sellerCookie, { title: 'Through an outage' })).json()) as { id: string }).id;
  }, 90_000);

  afterAll(async () => {
    for (const s of sockets) s.close();
    await x?.stop();
    if (redis) await killRedis();
  });

  it('keeps each instance serving its own viewers and the API, says which dependency is down, and recovers', async () => {
    const seller = await connect(a, sellerCookie);
    const viewerA = await connect(a, await x.signIn(a, '9200000002', 'Asha'));
    const viewerB = await connect(b, await x.signIn(b, '9200000003', 'Bilal'));
    for (const s of [seller, viewerA, viewerB]) {
      s.send({ type: 'join_stream', streamId });
      await s.nextOf('viewer_count_update');
    }
    expect(await chatReaches(seller, viewerB, 'Before the outage')).toBe(true);
    expect(await health(a)).toEqual({ ok: true, database: 'up', redis: 'up' });

    await killRedis();
    await until('instance A to notice', async () => (await health(a)).redis === 'down');
    expect(await health(b)).toMatchObject({ ok: true, database: 'up' });

    // The API answers at once, sign-in (rate limits counted per instance) included.
    const started = Date.now();
    const newcomer = await x.signIn(b, '9200000004', 'Chitra');
    expect((await x.call(b, 'GET', '/api/auth/user', newcomer)).status).toBe(200);
    expect((await x.call(a, 'GET', `/api/streams/${streamId}`, sellerCookie)).status).toBe(200);
    expect(Date.now() - started).toBeLessThan(2000);
    // A viewer on the seller's own instance still gets the chat, and can join a room meanwhile.
    expect(await chatReaches(seller, viewerA, 'During the outage')).toBe(true);
    const late = await connect(b, newcomer);
    late.send({ type: 'join_stream', streamId });
    expect(await late.nextOf('viewer_count_update')).toMatchObject({ streamId });

    startRedis();
    await until('both instances to reconnect', async () => (await health(a)).redis === 'up' && (await health(b)).redis === 'up', 20_000);
    // Cross-instance delivery comes back by itself (the subscriptions are renewed on reconnect).
    let tries = 0;
    await until('chat across instances again', () => chatReaches(viewerB, viewerA, `After the outage, try ${'#'.repeat(++tries)}`), 10_000);
    // The restarted Redis was empty: each instance wrote its viewers back, so the count is everyone's
    // (Asha on A; Bilal and Chitra on B) plus the next to join, not just the newcomer.
    const next = await connect(a, await x.signIn(a, '9200000005', 'Dev'));
    next.send({ type: 'join_stream', streamId });
    await until('the count over both instances', async () => (await viewerA.nextOf('viewer_count_update', 3000)).count === 4);
  }, 90_000);

  it('closes, once Redis is back, the sockets on other instances of a session signed out during the outage', async () => {
    const cookie = await x.signIn(a, '9200000006', 'Esha');
    const onB = await connect(b, cookie);
    const bystander = await connect(b, await x.signIn(b, '9200000007', 'Farid'));
    for (const s of [onB, bystander]) {
      s.send({ type: 'join_stream', streamId });
      await s.nextOf('viewer_count_update');
    }
    await killRedis();
    await until('both instances to notice', async () => (await health(a)).redis === 'down' && (await health(b)).redis === 'down');
    const out = await x.call(a, 'POST', '/api/logout', cookie);
    expect(out.status).toBe(303);
    expect((await x.call(a, 'GET', '/api/auth/user', cookie)).status).toBe(401);
    // B could not hear it: the socket is still open there while Redis is away.
    await new Promise((r) => setTimeout(r, 500));
    expect(onB.isOpen).toBe(true);
    const closed = onB.closed(25_000);
    startRedis();
    expect(await closed).toBe(SESSION_ENDED_CLOSE_CODE);
    expect(bystander.isOpen).toBe(true);
  }, 90_000);
});
