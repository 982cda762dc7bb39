import { describe, expect, it, vi } from 'vitest';
import { TOAST_REMOVE_DELAY_MS } from '@live-market/contract/constants';
import { act, renderHook } from '@testing-library/react';
import { toast, useToast } from './toast';

describe('toast store', () => {
  it('keeps one toast at a time and removes a dismissed one after TOAST_REMOVE_DELAY_MS', () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useToast());
    act(() => {
      toast({ title: 'First' });
    });
    let second: ReturnType<typeof toast> | undefined;
    act(() => {
      second = toast({ title: 'Second', variant: 'destructive' });
    });
    expect(result.current.toasts.map((t) => t.title)).toEqual(['Second']);

    act(() => second?.dismiss());
    expect(result.current.toasts[0]?.open).toBe(false);
    act(() => vi.advanceTimersByTime(TOAST_REMOVE_DELAY_MS - 1));
    expect(result.current.toasts).toHaveLength(1);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.toasts).toHaveLength(0);
    vi.useRealTimers();
  });
});
