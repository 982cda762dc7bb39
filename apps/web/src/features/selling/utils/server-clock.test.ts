import { beforeEach, describe, expect, it } from 'vitest';
import { noteServerTime, resetServerClock, serverOffset } from './server-clock';

beforeEach(() => resetServerClock());

describe('server clock', () => {
  it('is the phone clock until a sample arrives', () => {
    expect(serverOffset()).toBe(0);
  });

  it('takes the fastest recent sample: network delay only ever makes one smaller', () => {
    const t = 1_700_000_000_000;
    noteServerTime(new Date(t + 5000).toISOString(), t + 300); // 300 ms on the way
    noteServerTime(new Date(t + 6000).toISOString(), t + 1040); // 40 ms on the way
    expect(serverOffset()).toBe(4960);
  });

  it('forgets old samples, so a phone clock that jumps is followed', () => {
    const t = 1_700_000_000_000;
    noteServerTime(new Date(t + 60_000).toISOString(), t);
    for (let i = 1; i <= 8; i++) noteServerTime(new Date(t + i * 1000).toISOString(), t + i * 1000);
    expect(serverOffset()).toBe(0);
  });
});
