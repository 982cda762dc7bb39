// Every home screen asks for the live list; one query per second serves them all. It is kept as
// UTF-8 bytes, encoded once per refill: a title with one non-Latin-1 character made the JSON a two-byte
// string that every answer measured, joined to its headers and encoded again (issue 31).
export function createLiveStreamsCache(load: () => Promise<string>, ttlMs = 1000, now: () => number = Date.now) {
  let cached: { body: Buffer; expiresAt: number } | null = null;
  let pending: Promise<Buffer> | null = null;
  let generation = 0;
  async function refill(): Promise<Buffer> {
    const started = generation;
    const body = Buffer.from(await load());
    // A stream started or ended while we were loading: don't keep the stale answer.
    if (started === generation) cached = { body, expiresAt: now() + ttlMs };
    return body;
  }
  const fresh = () => (cached && cached.expiresAt > now() ? cached.body : null);
  return {
    /** The cached list when it is fresh, so the busiest route can answer without awaiting. */
    fresh,
    async body(): Promise<Buffer> {
      const body = fresh();
      if (body) return body;
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
