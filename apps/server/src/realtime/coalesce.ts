/**
 * Runs `work(key)` at once, then at most once per `windowMs` per key while changes keep coming: a burst
 * of bids or orders becomes a few broadcasts of the latest state, not one per change.
 */
export function coalesce(work: (key: string) => Promise<void>, windowMs: number, onError: (err: unknown) => void) {
  // key → whether it changed again while running or cooling down
  const busy = new Map<string, boolean>();
  function trigger(key: string): void {
    if (busy.has(key)) {
      busy.set(key, true);
      return;
    }
    busy.set(key, false);
    void (async () => {
      await work(key).catch(onError);
      await new Promise((resolve) => setTimeout(resolve, windowMs).unref());
      const again = busy.get(key);
      busy.delete(key);
      if (again) trigger(key);
    })();
  }
  return trigger;
}
