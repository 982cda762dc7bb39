// Every home screen asks for the live list; one query per second serves them all.
export function createLiveStreamsCache(load: () => Promise<string>, ttlMs = 1000, now: () => number = Date.now) {
  let cached: { json: string; expiresAt: number } | null = null;
  let pending: Promise<string> | null = null;
  let generation = 0;
  async function refill(): Promise<string> {
    const started = generation;
    const json = await load();
    // A stream started or ended while we were loading: don't keep the stale answer.
    if (started === generation) cached = { json, expiresAt: now() + ttlMs };
    return json;
  }
  return {
    async json(): Promise<string> {
      if (cached && cached.expiresAt > now()) return cached.json;
      pending ??= refill().finally(() => (pending = null));
      return pending;
    },
    invalidate() {
      generation += 1;
      cached = null;
    },
  };
}
export type LiveStreamsCache = ReturnType<typeof createLiveStreamsCache>;
