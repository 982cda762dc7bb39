import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Poll } from '@live-market/contract';
import { buildTestApp, type TestApp } from '../../testing/test-app.js';
import { goLive, makeSeller, makeUser } from '../../testing/fixtures.js';
import { call } from '../../testing/commerce.js';
import { pollVotes } from './tables.js';

// Decision 051: while Redis is away votes pause with a 503 (none lost, none doubled), and when it comes
// back empty the poll is seeded from the database, so an earlier voter is still "already voted".
const redisServer = spawnSync('sh', ['-c', 'command -v redis-server'], { encoding: 'utf8' }).stdout.trim();

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function until<T>(what: string, probe: () => Promise<T | undefined | false>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe.runIf(redisServer)('votes while Redis goes down and comes back empty', () => {
  let port: number;
  let redis: ChildProcess | null = null;
  let t: TestApp;
  const startRedis = async () => {
    redis = spawn(redisServer, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    await until('redis to listen', () => new Promise<boolean>((resolve) => net.connect(port, '127.0.0.1').once('connect', function (this: net.Socket) { this.destroy(); resolve(true); }).once('error', () => resolve(false))));
  };
  const killRedis = async () => {
    const exited = new Promise((r) => redis!.once('exit', r));
    redis!.kill('SIGKILL');
    await exited;
    redis = null;
  };

  beforeAll(async () => {
    port = await freePort();
    await startRedis();
    t = await buildTestApp({ REDIS_URL: `redis://127.0.0.1:${port}`, OTP_SEND_LIMIT_PER_IP: '1000' });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    if (redis) await killRedis();
  });

  it('answers 503 meanwhile, and counts every accepted vote once after', async () => {
    const seller = await makeSeller(t.app, t.database.db, 'Tara');
    const stream = await goLive(t.app, seller);
    const poll = Poll.parse((await call(t.app, 'POST', `/api/streams/${stream}/polls`, seller, { question: 'Outage?', options: ['Yes', 'No'] })).json());
    const [first, second] = await Promise.all([makeUser(t.app, 'First'), makeUser(t.app, 'Second')]);
    const vote = (who: typeof first, option = 0) => call(t.app, 'POST', `/api/polls/${poll.id}/vote`, who, { optionId: poll.options[option]!.id });
    expect((await vote(first)).statusCode).toBe(201);

    await killRedis();
    const paused = await until('votes to pause', async () => {
      const res = await vote(second);
      return res.statusCode === 503 && res;
    });
    expect(paused.json()).toEqual({ message: 'Voting is paused for a moment. Try again in a few seconds.' });
    expect(paused.headers['retry-after']).toBe('2');
    expect((await vote(first, 1)).statusCode).toBe(503);
    expect((await call(t.app, 'PATCH', `/api/polls/${poll.id}`, seller, { isActive: false })).statusCode).toBe(503);
    // The poll still reads, from the database, where the first vote lands with its batch (within 250 ms,
    // Redis or not; the read is cached for a second).
    await until('the first vote in the database', async () => {
      const read = Poll.parse((await call(t.app, 'GET', `/api/streams/${stream}/poll/active`, null)).json());
      return read.options[0]!.votes.length === 1;
    });

    // Back, and empty: the poll is seeded from the database before the next vote is decided.
    await startRedis();
    const taken = await until('votes to resume', async () => {
      const res = await vote(second, 1);
      return res.statusCode !== 503 && res;
    });
    expect(taken.statusCode).toBe(201);
    const again = await vote(first, 1);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("You've already voted in this poll");

    const ended = await call(t.app, 'PATCH', `/api/polls/${poll.id}`, seller, { isActive: false });
    expect(ended.statusCode).toBe(200);
    expect(Poll.parse(ended.json()).options.map((o) => o.votes.length)).toEqual([1, 1]);
    expect(await t.database.db.select().from(pollVotes).where(eq(pollVotes.pollId, poll.id))).toHaveLength(2);
  }, 60_000);
});
