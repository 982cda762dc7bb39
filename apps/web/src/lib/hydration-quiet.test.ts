import { notifyManager, QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { holdQueryNewsUntilIdle } from './hydration-quiet';

afterEach(() => {
  notifyManager.setScheduler((callback) => setTimeout(callback, 0));
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('holdQueryNewsUntilIdle', () => {
  it('holds query news until the browser is idle, then delivers every piece', () => {
    vi.useFakeTimers();
    let idle: (() => void) | undefined;
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => {
      idle = callback;
      return 1;
    });
    const client = new QueryClient();
    const observer = new QueryObserver(client, { queryKey: ['wallet'], enabled: false });
    const seen: unknown[] = [];
    // As useQuery subscribes: its re-render goes through the notify manager's scheduler.
    const unsubscribe = observer.subscribe(notifyManager.batchCalls((result) => seen.push(result.data)));

    holdQueryNewsUntilIdle();
    client.setQueryData(['wallet'], 120);
    client.setQueryData(['wallet'], 90);
    vi.runAllTimers();
    expect(seen).toEqual([]);

    idle!();
    vi.runAllTimers();
    expect(seen).toEqual([120, 90]);
    // After the hold, news comes as it happens.
    client.setQueryData(['wallet'], 60);
    vi.runAllTimers();
    expect(seen).toEqual([120, 90, 60]);
    unsubscribe();
  });
});
