import { describe, expect, it } from 'vitest';
import { countdown, countdownText, countdownTickMs } from './countdown';

const NOW = Date.parse('2025-11-28T14:00:00.000Z');
const left = (seconds: number) => countdown(NOW + seconds * 1000, NOW);

describe('countdown to a show', () => {
  it('splits the time left into days, hours, minutes and seconds', () => {
    expect(left(2 * 86_400 + 3 * 3600 + 4 * 60 + 5)).toEqual({ days: 2, hours: 3, minutes: 4, seconds: 5, totalSeconds: 2 * 86_400 + 3 * 3600 + 4 * 60 + 5 });
    expect(left(-30).totalSeconds).toBe(0);
  });

  it('says days and hours a day or more ahead, hours and minutes within the day, a clock in the last hour', () => {
    expect(countdownText(left(86_400 + 7200))).toEqual({ key: 'days', values: { days: 1, hours: 2 } });
    expect(countdownText(left(2 * 3600 + 15 * 60))).toEqual({ key: 'hours', values: { hours: 2, minutes: 15 } });
    expect(countdownText(left(9 * 60 + 5))).toEqual({ key: 'clock', values: { clock: '09:05' } });
    expect(countdownText(left(0))).toEqual({ key: 'soon', values: {} });
  });

  it('ticks every second only in the last hour, and stops at the start', () => {
    expect(countdownTickMs(left(3599))).toBe(1000);
    expect(countdownTickMs(left(3600))).toBe(30_000);
    expect(countdownTickMs(left(0))).toBeNull();
  });
});
