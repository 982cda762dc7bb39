import { describe, expect, it } from 'vitest';
import { formatSpan, readClock } from './clock';

const HOUR = 3_600_000;
const at = (hours: number) => new Date(Date.UTC(2026, 10, 20) + hours * HOUR).toISOString();

describe('a ticket’s clocks', () => {
  it('counts down, turns "soon" in its last quarter, then counts how long it is overdue', () => {
    expect(readClock(at(0), at(48), Date.parse(at(10)))).toEqual({ overdue: false, ms: 38 * HOUR, soon: false });
    expect(readClock(at(0), at(48), Date.parse(at(40)))).toEqual({ overdue: false, ms: 8 * HOUR, soon: true });
    expect(readClock(at(0), at(48), Date.parse(at(51)))).toEqual({ overdue: true, ms: 3 * HOUR, soon: false });
  });

  it('says a span in days from two days up, else hours, else minutes, in the language with Latin digits', () => {
    expect(formatSpan(75 * HOUR, 'en')).toBe('3 days');
    expect(formatSpan(47.9 * HOUR, 'en')).toBe('47 hours');
    expect(formatSpan(20 * 60_000, 'en')).toBe('20 minutes');
    expect(formatSpan(1000, 'en')).toBe('1 minute');
    expect(formatSpan(5 * HOUR, 'hi')).toBe('5 घंटे');
    expect(formatSpan(75 * HOUR, 'bn')).toMatch(/^3 /);
  });
});
