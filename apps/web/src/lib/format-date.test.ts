import { describe, expect, it } from 'vitest';
import { formatDate } from './format-date';

describe('formatDate', () => {
  it("uses 'MMM dd, yyyy' by default", () => {
    expect(formatDate('2025-03-07T10:00:00')).toBe('Mar 07, 2025');
  });

  it('returns null for a missing or invalid date', () => {
    expect(formatDate(null)).toBeNull();
    expect(formatDate('not a date')).toBeNull();
  });
});
