import { describe, expect, it } from 'vitest';
import { checkShowTime, defaultShowTime, formatShowTime, instantToIst, istToInstant, scheduleDateRange } from './schedule';

const at = (iso: string) => Date.parse(iso);

describe('scheduling in IST', () => {
  it('reads the date and time fields as Indian time, whatever zone the phone is in', () => {
    expect(istToInstant({ date: '2025-11-28', time: '19:30' })?.toISOString()).toBe('2025-11-28T14:00:00.000Z');
    // Past midnight in India is still the day before in UTC.
    expect(istToInstant({ date: '2025-11-29', time: '01:15' })?.toISOString()).toBe('2025-11-28T19:45:00.000Z');
  });

  it('has no instant for a field left empty', () => {
    expect(istToInstant({ date: '', time: '19:30' })).toBeNull();
    expect(istToInstant({ date: '2025-11-28', time: '' })).toBeNull();
  });

  it('writes an instant back as IST fields', () => {
    expect(instantToIst(at('2025-11-28T14:00:00.000Z'))).toEqual({ date: '2025-11-28', time: '19:30' });
    expect(instantToIst(at('2025-11-28T19:45:00.000Z'))).toEqual({ date: '2025-11-29', time: '01:15' });
  });

  it('starts the form an hour ahead, on the next quarter hour', () => {
    expect(defaultShowTime(at('2025-11-28T14:07:00.000Z'))).toEqual({ date: '2025-11-28', time: '20:45' });
    expect(defaultShowTime(at('2025-11-28T14:00:00.000Z'))).toEqual({ date: '2025-11-28', time: '20:30' });
  });

  it('offers dates from today to 30 days ahead (IST)', () => {
    expect(scheduleDateRange(at('2025-11-28T20:00:00.000Z'))).toEqual({ min: '2025-11-29', max: '2025-12-29' });
  });

  it('takes a show 5 minutes to 30 days ahead, no sooner and no later', () => {
    const now = at('2025-11-28T14:00:00.000Z');
    expect(checkShowTime(null, now)).toBe('missing');
    expect(checkShowTime(new Date(now + 4 * 60_000), now)).toBe('too_soon');
    expect(checkShowTime(new Date(now + 5 * 60_000), now)).toBeNull();
    expect(checkShowTime(new Date(now + 30 * 86_400_000), now)).toBeNull();
    expect(checkShowTime(new Date(now + 30 * 86_400_000 + 60_000), now)).toBe('too_far');
  });

  it('says when a show starts in IST in the reader’s language, with Latin digits', () => {
    const iso = '2025-11-28T14:00:00.000Z';
    expect(formatShowTime(iso, 'en')).toMatch(/28 Nov.*7:30/);
    const hindi = formatShowTime(iso, 'hi');
    expect(hindi).toContain('28');
    expect(hindi).toContain('7:30');
    expect(hindi).toMatch(/\p{Script=Devanagari}/u);
  });
});
