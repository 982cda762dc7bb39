import type { FastifyBaseLogger } from 'fastify';

/**
 * One reading shared by the gauges that show parts of it. A scrape collects every gauge at once, so
 * they share the reading in flight instead of each running the same query; `keepMs` keeps a slow
 * reading for later scrapes too. A reading that fails gives null (its gauges are left out of that
 * scrape) and is logged at most once a minute.
 */
export function sharedReading<T>(name: string, read: () => Promise<T>, log: FastifyBaseLogger, keepMs = 0): () => Promise<T | null> {
  let taken: { at: number; value: Promise<T | null>; done: boolean } | null = null;
  let loggedAt = -Infinity;
  return () => {
    const now = performance.now();
    if (taken && (!taken.done || now - taken.at < keepMs)) return taken.value;
    const reading: { at: number; value: Promise<T | null>; done: boolean } = { at: now, done: false, value: Promise.resolve(null) };
    reading.value = read()
      .catch((err: unknown) => {
        if (now - loggedAt >= 60_000) {
          loggedAt = now;
          log.warn({ err }, `metrics: reading ${name} failed`);
        }
        return null;
      })
      .finally(() => (reading.done = true));
    taken = reading;
    return reading.value;
  };
}
