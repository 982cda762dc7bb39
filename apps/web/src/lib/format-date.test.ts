import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@live-market/contract/i18n';
import { formatDate } from './format-date';

const SCRIPT: Record<string, RegExp> = {
  hi: /\p{Script=Devanagari}/u,
  mr: /\p{Script=Devanagari}/u,
  bn: /\p{Script=Bengali}/u,
  pa: /\p{Script=Gurmukhi}/u,
  gu: /\p{Script=Gujarati}/u,
  ta: /\p{Script=Tamil}/u,
  te: /\p{Script=Telugu}/u,
  kn: /\p{Script=Kannada}/u,
  ml: /\p{Script=Malayalam}/u,
};

describe('formatDate', () => {
  it("uses 'MMM dd, yyyy' in English (SPEC section 9)", () => {
    expect(formatDate('2025-03-07T10:00:00')).toBe('Mar 07, 2025');
    expect(formatDate('2025-03-07T15:04:00', 'dateTime')).toBe('Mar 07, 2025, 3:04 PM');
  });

  it('returns null for a missing or invalid date', () => {
    expect(formatDate(null)).toBeNull();
    expect(formatDate('not a date')).toBeNull();
  });

  it.each(LANGUAGES.filter((l) => l.code !== 'en').map((l) => l.code))('names the month in %s, with Latin digits', (code) => {
    const text = formatDate('2025-03-07T10:00:00', 'date', code)!;
    expect(text).toMatch(SCRIPT[code]!);
    expect(text).toContain('2025');
    expect(text).toMatch(/\b07\b/);
    expect(text).not.toContain('Mar');
  });
});
