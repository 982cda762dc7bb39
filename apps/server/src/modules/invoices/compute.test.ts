import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { financialYearOf, invoiceNumber, taxLine } from './compute.js';

const RATES_BP = [0, 25, 300, 500, 1200, 1800, 2800];

/** total × 10000 / (10000 + rate), rounded half up, by long division rather than the code's formula. */
function taxableOf(total: number, rateBp: number): number {
  const n = BigInt(total) * 10_000n;
  const d = BigInt(10_000 + rateBp);
  const q = n / d;
  return Number(2n * (n - q * d) >= d ? q + 1n : q);
}

describe('taxLine', () => {
  it('takes the GST out of a tax-inclusive price, split CGST + SGST within a state and IGST between states', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10 ** 9 }), fc.integer({ min: 1, max: 100 }), fc.constantFrom(...RATES_BP), fc.boolean(), (unit, quantity, rateBp, interState) => {
        const line = taxLine({ description: 'x', hsnCode: '6204', quantity, unitPricePaise: unit, gstRateBp: rateBp }, interState);
        expect(line.totalPaise).toBe(unit * quantity);
        expect(line.taxablePaise).toBe(taxableOf(unit * quantity, rateBp));
        expect(line.taxablePaise + line.cgstPaise + line.sgstPaise + line.igstPaise).toBe(line.totalPaise);
        if (interState) {
          expect([line.cgstPaise, line.sgstPaise]).toEqual([0, 0]);
        } else {
          expect(line.igstPaise).toBe(0);
          expect(line.sgstPaise - line.cgstPaise).toBeGreaterThanOrEqual(0);
          expect(line.sgstPaise - line.cgstPaise).toBeLessThanOrEqual(1);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('works the figures of a 3% necklace and a 5% saree pair', () => {
    const necklace = taxLine({ description: 'Necklace', hsnCode: '7117', quantity: 1, unitPricePaise: 1_030_000, gstRateBp: 300 }, false);
    expect([necklace.taxablePaise, necklace.cgstPaise, necklace.sgstPaise]).toEqual([1_000_000, 15_000, 15_000]);
    const sarees = taxLine({ description: 'Saree', hsnCode: '5007', quantity: 2, unitPricePaise: 149_900, gstRateBp: 500 }, true);
    expect([sarees.taxablePaise, sarees.igstPaise]).toEqual([285_524, 14_276]);
  });
});

describe('financialYearOf', () => {
  it('runs April to March in Indian time', () => {
    expect(financialYearOf(new Date('2026-11-28T12:00:00+05:30'))).toBe('2026-27');
    expect(financialYearOf(new Date('2027-03-31T23:00:00+05:30'))).toBe('2026-27');
    expect(financialYearOf(new Date('2027-04-01T00:30:00+05:30'))).toBe('2027-28');
    expect(financialYearOf(new Date('2099-06-01T00:00:00+05:30'))).toBe('2099-00');
  });
});

describe('invoiceNumber', () => {
  it('fits GST rule 46: at most 16 characters of letters, digits, "-" and "/"', () => {
    expect(invoiceNumber('INV', '2026-27', 42)).toBe('INV2627-000042');
    expect(invoiceNumber('CN', '2026-27', 3)).toBe('CN2627-000003');
    fc.assert(
      fc.property(fc.constantFrom('INV' as const, 'CN' as const), fc.integer({ min: 2017, max: 2098 }), fc.integer({ min: 1, max: 99_999_999 }), (prefix, year, serial) => {
        const fy = `${year}-${String((year + 1) % 100).padStart(2, '0')}`;
        const number = invoiceNumber(prefix, fy, serial);
        expect(number.length).toBeLessThanOrEqual(16);
        expect(number).toMatch(/^[A-Za-z0-9/-]+$/);
        expect(Number(number.split('-')[1])).toBe(serial);
      }),
    );
  });
});
