import { onlineManager, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';

/**
 * True when the browser is offline and something on screen cannot show: a query with no data that is
 * paused (TanStack Query holds fetches while offline) or failed, or a paused mutation. The app then
 * shows its offline screen instead of a spinner that never ends.
 */
export function isStuckOffline(client: QueryClient): boolean {
  if (onlineManager.isOnline()) return false;
  const stuckQuery = client
    .getQueryCache()
    .getAll()
    .some((query) => query.getObserversCount() > 0 && query.state.data === undefined && (query.state.fetchStatus === 'paused' || query.state.status === 'error'));
  return stuckQuery || client.getMutationCache().getAll().some((mutation) => mutation.state.isPaused);
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
