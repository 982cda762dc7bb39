import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { inNextTask } from '@/lib/next-task';

/**
 * Issue 25: keeps the lists of live and upcoming shows (and an announced show's page) as the server has
 * them while the component is on screen. The socket side loads after the page (decision 015), in a
 * task of its own (decision 020).
 */
export function useListsLive(): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      inNextTask(() => {
        let release: (() => void) | null = null;
        let left = false;
        void import('./lists-sync').then(
          ({ followLists }) => {
            if (!left) release = followLists(queryClient);
          },
          (error: unknown) => console.warn('[lists] could not load the live lists', error),
        );
        return () => {
          left = true;
          release?.();
        };
      }),
    [queryClient],
  );
}
