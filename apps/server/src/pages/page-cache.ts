/**
 * Pages made once and served to everyone who asks within `ttlMs` (decision 054): the signed-out
 * render of `/` and `/stream/{id}`, per page and language. Concurrent misses for one key share one
 * render (single flight). `invalidate` forgets everything at once, on every instance (the callers
 * wire it to the bus's events); a render that was under way when it ran is handed to its waiters
 * but not kept, since it may show what just changed.
 */
export type PageCache<T> = {
  /** The page under `key`, made by `make` when missing or older than the ceiling. `keep: false` hands it out once, uncached. */
  get(key: string, make: () => Promise<{ value: T; keep: boolean }>): Promise<T>;
  invalidate(): void;
  /** Whether asking for `key` now costs no render of its own (a fresh entry, or one under way). */
  has(key: string): boolean;
  readonly size: number;
};

export function createPageCache<T>({ ttlMs = 1000, maxEntries = 500, now = Date.now }: { ttlMs?: number; maxEntries?: number; now?: () => number } = {}): PageCache<T> {
  const entries = new Map<string, { value: T; expiresAt: number }>();
  const pending = new Map<string, Promise<T>>();
  let generation = 0;

  async function fill(key: string, make: () => Promise<{ value: T; keep: boolean }>): Promise<T> {
    const started = generation;
    const made = await make();
    if (made.keep && started === generation) {
      // Oldest first out: many distinct keys (stream ids, query strings) cannot grow the map without bound.
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
      entries.set(key, { value: made.value, expiresAt: now() + ttlMs });
    }
    return made.value;
  }

  return {
    get(key, make) {
      const entry = entries.get(key);
      if (entry && entry.expiresAt > now()) return Promise.resolve(entry.value);
      if (entry) entries.delete(key);
      let flight = pending.get(key);
      if (!flight) {
        const made: Promise<T> = fill(key, make).finally(() => {
          if (pending.get(key) === made) pending.delete(key);
        });
        pending.set(key, (flight = made));
      }
      return flight;
    },
    invalidate() {
      generation += 1;
      entries.clear();
      // Who asks after this gets a fresh render, not one that started before the change.
      pending.clear();
    },
    has(key) {
      const entry = entries.get(key);
      return (entry !== undefined && entry.expiresAt > now()) || pending.has(key);
    },
    get size() {
      return entries.size;
    },
  };
}
