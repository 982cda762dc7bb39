import { describe, expect, it } from 'vitest';
import { formatDate, formatTimeAgo } from './format-date';

describe('formatDate', () => {
  it("uses 'MMM dd, yyyy' by default", () => {
    expect(formatDate('2025-03-07T10:00:00')).toBe('Mar 07, 2025');
  });

  it('returns null for a missing or invalid date', () => {
    expect(formatDate(null)).toBeNull();
    expect(formatDate('not a date')).toBeNull();
  });
});

describe('formatTimeAgo', () => {
  it('describes a past date relative to now', () => {
    expect(formatTimeAgo(new Date(Date.now() - 5 * 60_000))).toBe('5 minutes ago');
    expect(formatTimeAgo(undefined)).toBeNull();
  });
});
