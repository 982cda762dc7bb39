import { notifyManager } from '@tanstack/react-query';

/**
 * While React hydrates a server-rendered page (decision 020), query news — a fetch that started or
 * ended, a socket message written to the cache — would re-render its readers at once. TanStack Query
 * updates React through useSyncExternalStore, which React renders synchronously, and a synchronous
 * update that reaches a Suspense boundary still waiting to hydrate hydrates it in the same task: the
 * whole stream page in one long task (~360 ms on a phone-speed CPU). The news is held until the
 * browser is first idle, when hydration is done, and then delivered.
 */
export function holdQueryNewsUntilIdle(timeoutMs = 3000): void {
  let held: Array<() => void> | null = [];
  const deliver = (callback: () => void) => setTimeout(callback, 0);
  notifyManager.setScheduler((callback) => {
    if (held) held.push(callback);
    else deliver(callback);
  });
  const release = () => {
    const news = held ?? [];
    held = null;
    // Each piece in a task of its own: one re-render per task, not all of them in one.
    for (const callback of news) deliver(callback);
  };
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(release, { timeout: timeoutMs });
  else setTimeout(release, Math.min(timeoutMs, 1000));
}
