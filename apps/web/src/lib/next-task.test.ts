import { afterEach, describe, expect, it, vi } from 'vitest';
import { inNextTask } from './next-task';

afterEach(() => {
  vi.useRealTimers();
});

describe('inNextTask', () => {
  it('starts after the current task, and its cleanup stops what was started', () => {
    vi.useFakeTimers();
    const stop = vi.fn();
    const start = vi.fn(() => stop);
    const cleanup = inNextTask(start);
    expect(start).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(start).toHaveBeenCalledTimes(1);
    cleanup();
    expect(stop).toHaveBeenCalledTimes(1);
  });

  it('never starts when cleaned up first', () => {
    vi.useFakeTimers();
    const start = vi.fn();
    inNextTask(start)();
    vi.runAllTimers();
    expect(start).not.toHaveBeenCalled();
  });
});
