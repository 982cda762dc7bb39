import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readEnv } from '../../config/env.js';
import { memoryVoteStore, redisVoteStore, type VoteStore } from './vote-store.js';

// Decision 051: whatever order votes arrive in, from however many instances, each user is counted once,
// for the option of their accepted vote, and the tallies are exactly the accepted votes.
const USERS = ['u0', 'u1', 'u2', 'u3', 'u4', 'u5'];
const OPTIONS = ['gold', 'silver', 'rose'];
const vote = fc.record({ user: fc.integer({ min: 0, max: USERS.length - 1 }), option: fc.integer({ min: 0, max: OPTIONS.length - 1 }), via: fc.integer({ min: 0, max: 1 }) });

// The memory store keeps only a tombstone once closed (its instance's database has every vote): an earlier
// voter then hears "closed" from it, and the service looks their vote up in the database.
async function checkTally(stores: [VoteStore, VoteStore], votes: Array<{ user: number; option: number; via: number }>, seeded: Array<[string, string]>, keepsVoters = true) {
  const pollId = randomUUID();
  const now = Date.now();
  expect(await stores[0].cast(pollId, 'u0', 'gold', now)).toBe('unknown');
  await Promise.all(stores.map((s) => s.seed(pollId, now + 60_000, seeded)));
  // All at once, half through each "instance".
  const results = await Promise.all(votes.map((v) => stores[v.via]!.cast(pollId, USERS[v.user]!, OPTIONS[v.option]!, now)));
  const accepted = votes.filter((_, i) => results[i] === 'accepted');
  const seededUsers = new Set(seeded.map(([u]) => u));
  // Exactly one accepted vote for each user who voted and was not seeded; the others "already".
  const voted = new Set(votes.map((v) => USERS[v.user]!).filter((u) => !seededUsers.has(u)));
  expect(accepted.length).toBe(voted.size);
  expect(new Set(accepted.map((v) => v.user)).size).toBe(accepted.length);
  expect(results.filter((r) => r !== 'accepted').every((r) => r === 'already')).toBe(true);
  const expected = new Map<string, number>();
  for (const [, option] of seeded) expected.set(option, (expected.get(option) ?? 0) + 1);
  for (const v of accepted) expected.set(OPTIONS[v.option]!, (expected.get(OPTIONS[v.option]!) ?? 0) + 1);
  expect(await stores[1].tallies(pollId)).toEqual(expected);
  const all: Array<[string, string]> = [];
  await stores[0].eachVote(pollId, async (chunk) => void all.push(...chunk));
  expect(all.length).toBe(seeded.length + accepted.length);
  for (const v of accepted) expect(await stores[1].voteOf(pollId, USERS[v.user]!)).toBe(OPTIONS[v.option]);
  // Closed: nobody new gets in, an earlier voter still hears "already".
  await stores[0].close(pollId);
  expect(await stores[1].cast(pollId, 'late', 'gold', now)).toBe('closed');
  if (accepted[0]) expect(await stores[1].cast(pollId, USERS[accepted[0].user]!, 'gold', now)).toBe(keepsVoters ? 'already' : 'closed');
}

const seededArb = fc.uniqueArray(fc.tuple(fc.constantFrom(...USERS), fc.constantFrom(...OPTIONS)), { selector: ([u]) => u, maxLength: 3 });

describe('the vote store in memory', () => {
  it('counts each user once whatever the order of their votes', async () => {
    const store = memoryVoteStore();
    await fc.assert(fc.asyncProperty(fc.array(vote, { maxLength: 30 }), seededArb, (votes, seeded) => checkTally([store, store], votes, seeded, false)), { numRuns: 100 });
  });

  it('refuses a vote at or after the end it was opened with', async () => {
    const store = memoryVoteStore();
    await store.seed('p', 1000, []);
    expect(await store.cast('p', 'u', 'o', 999)).toBe('accepted');
    expect(await store.cast('p', 'v', 'o', 1000)).toBe('closed');
  });
});

const env = readEnv();
describe.runIf(env.REDIS_URL)('the vote store in Redis, two instances on one Redis', () => {
  const prefix = `lm-test:${randomUUID()}:`;
  let shared: [Redis, Redis];
  let stores: [ReturnType<typeof redisVoteStore>, ReturnType<typeof redisVoteStore>];
  beforeAll(async () => {
    shared = [new Redis(env.REDIS_URL!, { lazyConnect: true, enableOfflineQueue: false }), new Redis(env.REDIS_URL!, { lazyConnect: true, enableOfflineQueue: false })];
    await Promise.all(shared.map((r) => r.connect()));
    stores = [redisVoteStore(shared[0], prefix), redisVoteStore(shared[1], prefix)];
    await Promise.all(stores.map((s) => s.connect()));
  });
  afterAll(async () => {
    const keys = await shared[0].keys(`${prefix}*`);
    if (keys.length) await shared[0].del(...keys);
    for (const s of stores) s.disconnect();
    await Promise.all(shared.map((r) => r.quit()));
  });

  it('counts each user once whatever the order of their votes and the instance they reach', async () => {
    await fc.assert(fc.asyncProperty(fc.array(vote, { maxLength: 30 }), seededArb, (votes, seeded) => checkTally(stores, votes, seeded)), { numRuns: 60 });
  });
});
