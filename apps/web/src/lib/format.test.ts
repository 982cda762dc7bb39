import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@live-market/contract/i18n';
import { formatCount, formatRupees } from './format';

describe('formatRupees', () => {
  it('formats numbers with the rupee symbol and Indian digit grouping', () => {
    expect(formatRupees(123456)).toBe('₹1,23,456.00');
    expect(formatRupees(0)).toBe('₹0.00');
    expect(formatRupees(99.5)).toBe('₹99.50');
  });

  it('accepts prices as numeric strings', () => {
    expect(formatRupees('1234.50')).toBe('₹1,234.50');
    expect(formatRupees('10000000')).toBe('₹1,00,00,000.00');
  });

  it('shows a dash instead of ₹NaN for a value that is not a number', () => {
    expect(formatRupees('abc')).toBe('—');
    expect(formatRupees('')).toBe('—');
  });

  it.each(LANGUAGES.map((l) => l.code))('writes ₹1,00,000 in Latin digits with lakh grouping in %s', (code) => {
    expect(formatRupees(100000, code)).toBe('₹1,00,000.00');
    expect(formatRupees('1234567.5', code)).toBe('₹12,34,567.50');
  });
});

describe('formatCount', () => {
  it('groups digits the Indian way', () => {
    expect(formatCount(123456)).toBe('1,23,456');
    expect(formatCount(42)).toBe('42');
  });

  it.each(LANGUAGES.map((l) => l.code))('groups the Indian way in %s', (code) => {
    expect(formatCount(1234567, code)).toBe('12,34,567');
  });
});
