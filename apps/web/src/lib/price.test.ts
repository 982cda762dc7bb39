import { describe, expect, it } from 'vitest';
import { percentOff } from './price';

describe('percentOff', () => {
  it('is (original − price) ÷ original, rounded', () => {
    expect(percentOff('750.00', '1000.00')).toBe(25);
    expect(percentOff('1999', '2999')).toBe(33);
    expect(percentOff(2, 3)).toBe(33);
    expect(percentOff('1.00', '3.00')).toBe(67);
  });

  it('is null when the original price is missing, not higher, or not a number', () => {
    expect(percentOff('999.00', null)).toBeNull();
    expect(percentOff('999.00', undefined)).toBeNull();
    expect(percentOff('999.00', '')).toBeNull();
    expect(percentOff('999.00', '999.00')).toBeNull();
    expect(percentOff('999.00', '500.00')).toBeNull();
    expect(percentOff('abc', '500.00')).toBeNull();
    expect(percentOff('10', '0')).toBeNull();
  });
});
