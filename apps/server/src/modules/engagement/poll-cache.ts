import type { Poll } from '@live-market/contract';

/** A poll with its vote counts: what every viewer's 2-second refetch needs, without the votes themselves. */
export interface PollState {
  poll: Omit<Poll, 'options'>;
  options: Array<{ id: string; text: string; count: number }>;
}

/** SPEC 3 shape: each option's `votes` is a list whose length is the count (decision 008: no voter ids). */
export function toPoll(state: PollState): Poll {
  return { ...state.poll, options: state.options.map((o) => ({ id: o.id, text: o.text, votes: new Array<1>(o.count).fill(1) })) };
}

interface Entry {
  state: PollState | null;
  expiresAt: number;
  json: string | null;
}

const MAX_STREAMS = 10_000;

// Every viewer of a stream refetches its poll every 2 s: one load per stream per second serves them all,
// and votes taken by this instance are counted in at once. Other instances' votes show within a second.
export function createPollCache(load: (streamId: string) => Promise<PollState | null>, ttlMs = 1000, now: () => number = Date.now) {
  const entries = new Map<string, Entry>();
  const pending = new Map<string, Promise<Entry>>();
  const generations = new Map<string, number>();

  async function fill(streamId: string): Promise<Entry> {
    const generation = generations.get(streamId) ?? 0;
    const state = await load(streamId);
    const entry: Entry = { state, expiresAt: now() + ttlMs, json: null };
    // Created or ended while we were loading: answer this caller, but don't keep it for the next.
    if (generation === (generations.get(streamId) ?? 0)) {
      if (entries.size >= MAX_STREAMS) sweep();
      entries.set(streamId, entry);
    }
    return entry;
  }

  function sweep() {
    const t = now();
    for (const [key, entry] of entries) if (entry.expiresAt <= t) entries.delete(key);
    if (entries.size >= MAX_STREAMS) entries.clear();
    for (const key of generations.keys()) if (!entries.has(key) && !pending.has(key)) generations.delete(key);
  }

  async function entry(streamId: string): Promise<Entry> {
    const cached = entries.get(streamId);
    if (cached && cached.expiresAt > now()) return cached;
    const inFlight = pending.get(streamId);
    if (inFlight) return inFlight;
    const loading: Promise<Entry> = fill(streamId).finally(() => {
      if (pending.get(streamId) === loading) pending.delete(streamId);
    });
    pending.set(streamId, loading);
    return loading;
  }

  return {
    async get(streamId: string): Promise<PollState | null> {
      return (await entry(streamId)).state;
    },

    /** The serialized poll (the string "null" when the stream never had one), built once per change. */
    async json(streamId: string): Promise<string> {
      const e = await entry(streamId);
      e.json ??= JSON.stringify(e.state ? toPoll(e.state) : null);
      return e.json;
    },

    /** A vote this instance just stored. */
    countVote(streamId: string, pollId: string, optionId: string) {
      const e = entries.get(streamId);
      const option = e?.state?.poll.id === pollId ? e.state.options.find((o) => o.id === optionId) : undefined;
      if (!e || !option) return;
      option.count += 1;
      e.json = null;
    },

    /** A poll was created or ended: the next read loads afresh. */
    invalidate(streamId: string) {
      generations.set(streamId, (generations.get(streamId) ?? 0) + 1);
      entries.delete(streamId);
      pending.delete(streamId);
    },

    clear() {
      entries.clear();
      generations.clear();
    },
  };
}

export type PollCache = ReturnType<typeof createPollCache>;
