import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';

/** What taking a vote found: `unknown` means the store has not been told about the poll yet (seed it). */
export type CastResult = 'accepted' | 'already' | 'closed' | 'unknown';
/** [userId, optionId] */
export type VotePair = [string, string];

/**
 * Where votes are decided (decision 051): one per user per poll, counted per option at once. The database
 * gets them afterwards in batches; the store is the truth while the poll is open.
 */
export interface VoteStore {
  /** Whether votes can be decided right now (Redis reachable). */
  available(): boolean;
  cast(pollId: string, userId: string, optionId: string, now: number): Promise<CastResult>;
  /** Opens the poll with the votes the database already has. Seeds from two instances merge; a closed poll stays closed. */
  seed(pollId: string, endsAt: number, votes: VotePair[]): Promise<void>;
  /** From now on every vote is refused as ended; what was accepted stays readable. */
  close(pollId: string): Promise<void>;
  /** Option → votes, or null when the store does not know the poll. */
  tallies(pollId: string): Promise<Map<string, number> | null>;
  /** The user's option, null when they have not voted, undefined when the store does not know the poll. */
  voteOf(pollId: string, userId: string): Promise<string | null | undefined>;
  /** Every accepted vote, a chunk at a time. */
  eachVote(pollId: string, handle: (chunk: VotePair[]) => Promise<void>): Promise<void>;
}

const NO_END = 8.64e15;

/** One instance without Redis: the same decisions in a Map. Closed polls keep a tombstone so they stay closed. */
export function memoryVoteStore(): VoteStore {
  const polls = new Map<string, { endsAt: number; voters: Map<string, string>; tally: Map<string, number> }>();
  return {
    available: () => true,
    async cast(pollId, userId, optionId, now) {
      const poll = polls.get(pollId);
      if (!poll) return 'unknown';
      if (poll.voters.has(userId)) return 'already';
      if (poll.endsAt <= now) return 'closed';
      poll.voters.set(userId, optionId);
      poll.tally.set(optionId, (poll.tally.get(optionId) ?? 0) + 1);
      return 'accepted';
    },
    async seed(pollId, endsAt, votes) {
      let poll = polls.get(pollId);
      if (!poll) polls.set(pollId, (poll = { endsAt: endsAt || NO_END, voters: new Map(), tally: new Map() }));
      for (const [userId, optionId] of votes) {
        if (poll.voters.has(userId)) continue;
        poll.voters.set(userId, optionId);
        poll.tally.set(optionId, (poll.tally.get(optionId) ?? 0) + 1);
      }
    },
    async close(pollId) {
      // One instance: its own flush has put every vote in the database, which answers for ended polls.
      // What stays is a tombstone, so the poll is not seeded open again; past 10,000 they go.
      if (polls.size >= 10_000) for (const [id, p] of polls) if (p.endsAt === 0) polls.delete(id);
      polls.set(pollId, { endsAt: 0, voters: new Map(), tally: new Map() });
    },
    async tallies(pollId) {
      const poll = polls.get(pollId);
      return poll ? new Map(poll.tally) : null;
    },
    async voteOf(pollId, userId) {
      const poll = polls.get(pollId);
      return poll ? (poll.voters.get(userId) ?? null) : undefined;
    },
    async eachVote(pollId, handle) {
      const poll = polls.get(pollId);
      if (poll) await handle([...poll.voters]);
    },
  };
}

// KEYS: state (the poll's end in ms, 0 once closed), voters (user → option), tally (option → votes).
// An earlier vote wins over "ended", as it did when the database decided (the voter hears "already voted").
const CAST = `
local state = redis.call('GET', KEYS[1])
if not state then return 'unknown' end
if redis.call('HEXISTS', KEYS[2], ARGV[1]) == 1 then return 'already' end
if tonumber(state) <= tonumber(ARGV[3]) then return 'closed' end
redis.call('HSET', KEYS[2], ARGV[1], ARGV[2])
redis.call('HINCRBY', KEYS[3], ARGV[2], 1)
return 'accepted'`;
// ARGV: end ms, keys' lifetime ms, last chunk (1/0), then user, option pairs.
const SEED = `
for i = 4, #ARGV, 2 do
  if redis.call('HSETNX', KEYS[2], ARGV[i], ARGV[i + 1]) == 1 then redis.call('HINCRBY', KEYS[3], ARGV[i + 1], 1) end
end
if ARGV[3] == '1' then
  redis.call('SET', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2])
  redis.call('PEXPIRE', KEYS[2], ARGV[2])
  redis.call('PEXPIRE', KEYS[3], ARGV[2])
end
return 1`;
const CLOSE = `
redis.call('SET', KEYS[1], '0', 'PX', ARGV[1])
redis.call('PEXPIRE', KEYS[2], ARGV[1])
redis.call('PEXPIRE', KEYS[3], ARGV[1])
return 1`;
// KEYS: state, voters or tally; ARGV: the field to read (HGET), or none (HGETALL). Nil state: unknown poll.
const READ = `
if redis.call('EXISTS', KEYS[1]) == 0 then return false end
if ARGV[1] then return {redis.call('HGET', KEYS[2], ARGV[1])} end
return redis.call('HGETALL', KEYS[2])`;
// Kept this long after the poll's end: the close and its last flush read them.
const KEEP_AFTER_END_MS = 3600_000;
const SEED_CHUNK = 1000;

/** Keys carry the poll's hash tag: one Redis Cluster slot per poll. Commands fail fast while Redis is away. */
export function redisVoteStore(shared: Redis, prefix: string): VoteStore & { connect(): Promise<void>; disconnect(): void } {
  // A connection of its own that pipelines: the votes of one event-loop turn leave in one write, not one
  // write (and one syscall on each side) per vote. It fails fast like the shared one (decision 029).
  const redis = shared.duplicate({ enableAutoPipelining: true, lazyConnect: true });
  redis.on('error', () => {
    // Reconnects by itself; votes meanwhile answer 503.
  });
  // EVALSHA: a vote sends its keys and arguments, not the script's text; the text only when Redis lacks
  // it (first use, or a restarted Redis). ioredis' own script commands lose their way when auto-pipelined.
  const sha = new Map<string, string>();
  async function run(lua: string, keys: readonly string[], ...args: Array<string | number>): Promise<unknown> {
    let hash = sha.get(lua);
    if (!hash) sha.set(lua, (hash = createHash('sha1').update(lua).digest('hex')));
    try {
      return await redis.evalsha(hash, keys.length, ...keys, ...args);
    } catch (error) {
      if (!String((error as Error).message).startsWith('NOSCRIPT')) throw error;
      return redis.eval(lua, keys.length, ...keys, ...args);
    }
  }
  const castSha = createHash('sha1').update(CAST).digest('hex');
  const keys = (pollId: string) => [`${prefix}poll:{${pollId}}:state`, `${prefix}poll:{${pollId}}:voters`, `${prefix}poll:{${pollId}}:tally`] as const;
  return {
    available: () => redis.status === 'ready',
    // The hot path: one EVALSHA and its promise, the script's text only after NOSCRIPT.
    cast(pollId, userId, optionId, now) {
      const [state, voters, tally] = keys(pollId);
      return redis
        .evalsha(castSha, 3, state, voters, tally, userId, optionId, now)
        .catch((error: Error) => {
          if (!String(error.message).startsWith('NOSCRIPT')) throw error;
          return redis.eval(CAST, 3, state, voters, tally, userId, optionId, now);
        }) as Promise<CastResult>;
    },
    async seed(pollId, endsAt, votes) {
      const end = endsAt || NO_END;
      const lifetime = Math.max(1, Math.min(end, Date.now() + 30 * 86_400_000) - Date.now() + KEEP_AFTER_END_MS);
      for (let i = 0; i === 0 || i < votes.length; i += SEED_CHUNK) {
        const chunk = votes.slice(i, i + SEED_CHUNK).flat();
        const last = i + SEED_CHUNK >= votes.length ? '1' : '0';
        await run(SEED, keys(pollId), end, lifetime, last, ...chunk);
      }
    },
    async close(pollId) {
      await run(CLOSE, keys(pollId), KEEP_AFTER_END_MS);
    },
    async tallies(pollId) {
      const [state, , tally] = keys(pollId);
      const flat = (await run(READ, [state, tally])) as string[] | null;
      if (!flat) return null;
      const counts = new Map<string, number>();
      for (let i = 0; i < flat.length; i += 2) counts.set(String(flat[i]), Number(flat[i + 1]));
      return counts;
    },
    async voteOf(pollId, userId) {
      const [state, voters] = keys(pollId);
      const found = (await run(READ, [state, voters], userId)) as Array<string | null> | null;
      return found ? (found[0] || null) : undefined;
    },
    /** Before the first vote; when Redis is away at start it keeps trying by itself (votes answer 503 meanwhile). */
    async connect() {
      await redis.connect().catch(() => {});
    },
    disconnect() {
      redis.disconnect();
    },
    async eachVote(pollId, handle) {
      const [, voters] = keys(pollId);
      let cursor = '0';
      do {
        const [next, flat] = await redis.hscan(voters, cursor, 'COUNT', SEED_CHUNK);
        cursor = next;
        const chunk: VotePair[] = [];
        for (let i = 0; i < flat.length; i += 2) chunk.push([flat[i]!, flat[i + 1]!]);
        if (chunk.length) await handle(chunk);
      } while (cursor !== '0');
    },
  };
}
