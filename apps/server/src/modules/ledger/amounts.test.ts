import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mulDiv, paiseToRupeeString, reversalOf, saleLines, taxableOf } from './amounts.js';
import { rateBook } from './rates.js';

const BOOK = rateBook(
  [
    { kind: 'tcs', category: null, rateBp: 100, effectiveFrom: '2018-10-01' },
    { kind: 'tcs', category: null, rateBp: 50, effectiveFrom: '2024-07-10' },
    { kind: 'tds', category: null, rateBp: 100, effectiveFrom: '2020-10-01' },
    { kind: 'tds', category: null, rateBp: 10, effectiveFrom: '2024-10-01' },
    { kind: 'tds_no_pan', category: null, rateBp: 500, effectiveFrom: '2020-10-01' },
    { kind: 'commission_gst', category: null, rateBp: 1800, effectiveFrom: '2017-07-01' },
    { kind: 'commission', category: 'electronics', rateBp: 300, effectiveFrom: '2025-01-01' },
  ],
  500,
);

describe('rates with effective dates', () => {
  it('apply the rate in force on the day: TCS 1% until 9 July 2024, 0.5% from the 10th', () => {
    expect(BOOK.on('tcs', '2024-07-09')).toBe(100);
    expect(BOOK.on('tcs', '2024-07-10')).toBe(50);
    expect(BOOK.on('tds', '2024-09-30')).toBe(100);
    expect(BOOK.on('tds', '2026-11-28')).toBe(10);
  });
  it('take a category override of the commission, else COMMISSION_PERCENT', () => {
    expect(BOOK.on('commission', '2026-11-28', 'electronics')).toBe(300);
    expect(BOOK.on('commission', '2024-11-28', 'electronics')).toBe(500);
    expect(BOOK.on('commission', '2026-11-28', 'jewelry')).toBe(500);
  });
});

describe('amounts in paise', () => {
  it('mulDiv rounds half up, exactly, even for the largest amounts', () => {
    expect(mulDiv(5, 1, 2)).toBe(3);
    expect(mulDiv(-5, 1, 2)).toBe(-3);
    expect(mulDiv(999_999_999_999, 10_000, 10_300)).toBe(970_873_786_407);
    fc.assert(fc.property(fc.integer({ min: 0, max: 999_999_999_999 }), fc.integer({ min: 1, max: 10_000 }), (a, bp) => {
      const exact = (BigInt(a) * BigInt(bp) * 2n + 10_000n) / 20_000n;
      expect(mulDiv(a, bp, 10_000)).toBe(Number(exact));
    }));
  });

  it('the taxable value plus its GST is the price', () => {
    expect(taxableOf(103_000, 300)).toBe(100_000);
    fc.assert(fc.property(fc.integer({ min: 1, max: 10 ** 11 }), fc.constantFrom(0, 25, 300, 500, 1200, 1800, 2800), (gross, bp) => {
      const taxable = taxableOf(gross, bp);
      expect(taxable).toBeLessThanOrEqual(gross);
      expect(Math.abs(taxable + mulDiv(taxable, bp, 10_000) - gross)).toBeLessThanOrEqual(1);
    }));
  });

  it('a sale never leaves the seller less than nothing, and its deductions follow the rates', () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 10 ** 10 }), fc.constantFrom(0, 300, 500, 1200, 1800, 2800), fc.boolean(), (gross, gstBp, pan) => {
      const lines = saleLines({ grossPaise: gross, gstRateBp: gstBp, category: 'jewelry' }, BOOK, '2026-11-28', pan);
      const by = Object.fromEntries(lines.map((l) => [l.type, l.amountPaise]));
      expect(by.sale).toBe(gross);
      const commission = Math.abs(by.commission ?? 0);
      expect(commission).toBe(mulDiv(gross, 500, 10_000));
      expect(Math.abs(by.commission_gst ?? 0)).toBe(mulDiv(commission, 1800, 10_000));
      expect(Math.abs(by.tds ?? 0)).toBe(mulDiv(gross, pan ? 10 : 500, 10_000));
      expect(lines.every((l) => l.amountPaise !== 0)).toBe(true);
      expect(lines.reduce((s, l) => s + l.amountPaise, 0)).toBeGreaterThan(0);
    }));
  });

  it('rupee strings drop zero paise and keep the sign', () => {
    expect(paiseToRupeeString(79_900)).toBe('799');
    expect(paiseToRupeeString(-3_995)).toBe('-39.95');
    expect(paiseToRupeeString(3_950)).toBe('39.50');
    expect(paiseToRupeeString(0)).toBe('0');
    expect(paiseToRupeeString(-5)).toBe('-0.05');
  });

  it('a line given back in parts (a return of some units, then more) is given back whole, never more', () => {
    // Any line amount, any number of units, any split of them into refunds, maybe ending with the rest.
    const split = fc.integer({ min: 1, max: 20 }).chain((of) => fc.tuple(fc.constant(of), fc.array(fc.integer({ min: 1, max: of }), { minLength: 1, maxLength: 6 }), fc.boolean()));
    fc.assert(
      fc.property(fc.integer({ min: -99_999_999, max: 99_999_999 }), split, (amount, [of, parts, rest]) => {
        let reversed = 0;
        let units = 0;
        for (const part of parts) {
          units = Math.min(of, units + part);
          const delta = reversalOf(amount, reversed, { after: units, of });
          // Each part is the line's share of the units so far (rounded), less what went before.
          expect(Math.sign(delta) * Math.sign(amount)).toBeGreaterThanOrEqual(0);
          reversed += delta;
          expect(Math.abs(reversed * of - amount * units)).toBeLessThanOrEqual(of);
          expect(Math.abs(reversed)).toBeLessThanOrEqual(Math.abs(amount));
        }
        if (rest) reversed += reversalOf(amount, reversed);
        if (rest || units === of) expect(reversed).toBe(amount);
        expect(reversalOf(amount, amount)).toBe(0);
      }),
    );
  });
});
