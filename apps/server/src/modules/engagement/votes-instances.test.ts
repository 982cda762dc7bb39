import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readEnv } from '../../config/env.js';
import { startInstances, type Instances } from '../../testing/instances.js';
import { user } from '../auth/index.js';
import { sellers } from '../sellers/index.js';
import { pollVotes } from './tables.js';

// Decision 051: votes decided in one Redis by two server processes, written to PostgreSQL in batches.
const env = readEnv();

describe.runIf(env.DATABASE_URL && env.REDIS_URL)('votes taken by two instances', () => {
  const ports = [5193, 5194];
  let instances: Instances;

  beforeAll(async () => {
    instances = await startInstances(ports);
  }, 60_000);
  afterAll(() => instances.stop());

  it('counts a user voting on both at once exactly once, and ends with as many rows as accepted votes', async () => {
    const [a, b] = ports as [number, number];
    const { db } = instances.database;
    const sellerCookie = await instances.signIn(a, '9200000001', 'Priya');
    const [owner] = await db.select().from(user).where(eq(user.phoneNumber, '+919200000001'));
    await db.insert(sellers).values({ userId: owner!.id, storeName: 'Poll Jewels', category: 'jewelry' });
    const stream = (await (await instances.call(a, 'POST', '/api/streams', sellerCookie, { title: 'Vote on both' })).json()) as { id: string };
    const created = await instances.call(a, 'POST', `/api/streams/${stream.id}/polls`, sellerCookie, { question: 'Gold or silver?', options: ['Gold', 'Silver'], durationMinutes: 120 });
    expect(created.status).toBe(201);
    const poll = (await created.json()) as { id: string; options: Array<{ id: string }> };

    const voters = await Promise.all(Array.from({ length: 12 }, (_, i) => instances.signIn(i % 2 ? a : b, `92000001${String(i).padStart(2, '0')}`, `Voter${i}`)));
    // Every voter taps five times on each instance, alternating options, all at once.
    const taps = voters.flatMap((cookie, i) =>
      Array.from({ length: 10 }, (_, k) => instances.call(k % 2 ? a : b, 'POST', `/api/polls/${poll.id}/vote`, cookie, { optionId: poll.options[(i + k) % 2]!.id })),
    );
    const statuses = (await Promise.all(taps)).map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(voters.length);
    expect(statuses.filter((s) => s === 409)).toHaveLength(voters.length * 9);

    // Both instances show every vote while the poll is open (the tallies live in Redis, not per instance).
    for (const port of [a, b]) {
      const live = (await (await instances.call(port, 'GET', `/api/streams/${stream.id}/poll/active`)).json()) as { options: Array<{ votes: unknown[] }> };
      expect(live.options.reduce((n, o) => n + o.votes.length, 0)).toBe(voters.length);
    }
    // Each voter's own vote is known at once on either instance, before any batch reached the database.
    const own = (await (await instances.call(b, 'GET', `/api/polls/${poll.id}/vote`, voters[0])).json()) as { optionId: string } | null;
    expect(poll.options.map((o) => o.id)).toContain(own?.optionId);

    const ended = (await (await instances.call(b, 'PATCH', `/api/polls/${poll.id}`, sellerCookie, { isActive: false })).json()) as { options: Array<{ votes: unknown[] }> };
    expect(ended.options.reduce((n, o) => n + o.votes.length, 0)).toBe(voters.length);
    const [rows] = await db
      .select({ n: sql<number>`count(*)::int`, users: sql<number>`count(distinct ${pollVotes.userId})::int` })
      .from(pollVotes)
      .where(eq(pollVotes.pollId, poll.id));
    expect(rows).toEqual({ n: voters.length, users: voters.length });
    // Ended everywhere: the other instance refuses a newcomer.
    const late = await instances.signIn(a, '9200000199', 'Late');
    const refused = await instances.call(a, 'POST', `/api/polls/${poll.id}/vote`, late, { optionId: poll.options[0]!.id });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { message: string }).message).toBe('This poll has ended');
  }, 60_000);
});
