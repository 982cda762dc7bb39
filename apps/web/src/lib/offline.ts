import { onlineManager, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';

/**
 * True when the browser is offline and something on screen cannot show: a query with no data that is
 * paused (TanStack Query holds fetches while offline) or failed, or a paused mutation. The app then
 * shows its offline screen instead of a spinner that never ends.
 */
export function isStuckOffline(client: QueryClient): boolean {
  return onlineManager.isOnline() ? false : whatIsStuck(client).length > 0;
}

/**
 * A query's `meta` for what a page shows fine without (a show's running deal, auction, poll or quiz):
 * offline, its missing answer never puts the offline screen over the page.
 */
export const SHOWS_WITHOUT = { showsWithout: true } as const;

/** The queries and mutations that hold the page offline (their keys), for the console when the offline screen shows. */
export function whatIsStuck(client: QueryClient): string[] {
  const queries = client
    .getQueryCache()
    .getAll()
    .filter((query) => query.getObserversCount() > 0 && !query.meta?.showsWithout && query.state.data === undefined && (query.state.fetchStatus === 'paused' || query.state.status === 'error'))
    .map((query) => JSON.stringify(query.queryKey));
  const mutations = client
    .getMutationCache()
    .getAll()
    .filter((mutation) => mutation.state.isPaused)
    .map((mutation) => `mutation ${JSON.stringify(mutation.options.mutationKey ?? mutation.options.mutationFn?.name ?? '?')}`);
  return [...queries, ...mutations];
}

export function useStuckOffline(): boolean {
  const client = useQueryClient();
  return useSyncExternalStore(
    (onChange) => {
      const stops = [onlineManager.subscribe(onChange), client.getQueryCache().subscribe(onChange), client.getMutationCache().subscribe(onChange)];
      return () => stops.forEach((stop) => stop());
    },
    () => isStuckOffline(client),
    () => false,
  );
}

/** Whether the browser says it is online (TanStack Query's onlineManager, which also pauses fetches offline). */
export function useOnline(): boolean {
  return useSyncExternalStore(
    (onChange) => onlineManager.subscribe(onChange),
    () => onlineManager.isOnline(),
    () => true,
  );
}
