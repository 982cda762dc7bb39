import { describe, expect, it } from 'vitest';
import { timeAgo } from './time-ago';

const NOW = Date.parse('2025-03-10T12:00:00Z');
const ago = (ms: number) => new Date(NOW - ms).toISOString();

describe('timeAgo', () => {
  it("is null ('Just now') under a minute and for a missing or bad date", () => {
    expect(timeAgo(ago(59_000), 'en', NOW)).toBeNull();
    expect(timeAgo(ago(-5_000), 'en', NOW)).toBeNull();
    expect(timeAgo(null, 'en', NOW)).toBeNull();
    expect(timeAgo('not a date', 'en', NOW)).toBeNull();
  });

  it('uses the largest whole unit, in the given language', () => {
    expect(timeAgo(ago(5 * 60_000), 'en', NOW)).toBe('5 minutes ago');
    expect(timeAgo(ago(3 * 3600_000 + 59 * 60_000), 'en', NOW)).toBe('3 hours ago');
    expect(timeAgo(ago(24 * 3600_000), 'en', NOW)).toBe('yesterday');
    expect(timeAgo(ago(9 * 24 * 3600_000), 'en', NOW)).toBe('last week');
    expect(timeAgo(ago(5 * 60_000), 'hi', NOW)).toBe('5 मिनट पहले');
  });

  it('keeps Latin digits in languages whose own digits differ (Bengali, Marathi)', () => {
    expect(timeAgo(ago(5 * 60_000), 'bn', NOW)).toBe('5 মিনিট আগে');
    expect(timeAgo(ago(5 * 60_000), 'mr', NOW)).toMatch(/^5 /);
  });
});
