import { afterEach, describe, expect, it, vi } from 'vitest';
import { KeyframeRequester } from './keyframe-requester.js';

describe('KeyframeRequester', () => {
  afterEach(() => vi.useRealTimers());

  it('sends the first request at once and defers, never drops, the ones inside the interval', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    const send = vi.fn();
    const requester = new KeyframeRequester(send, 500);
    requester.request();
    expect(send).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(100);
    requester.request();
    requester.request(); // folded into the deferred one
    expect(send).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(399);
    expect(send).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(send).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(600);
    requester.request();
    expect(send).toHaveBeenCalledTimes(3);
    requester.close();
  });

  it('forgets a deferred request when closed', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    const send = vi.fn();
    const requester = new KeyframeRequester(send, 500);
    requester.request();
    requester.request();
    requester.close();
    vi.advanceTimersByTime(1000);
    expect(send).toHaveBeenCalledTimes(1);
  });
});
