import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildInvoiceData, type InvoiceInput } from './build.js';

const seller = { name: 'Ravi Traders', address: 'Shop 4, FC Road, Pune 411004', stateCode: '27', stateName: 'Maharashtra', gstin: '27AAPFU0939F1ZV', enrolmentNumber: null };
const base = (placeOfSupply: { stateCode: string; stateName: string }): Omit<InvoiceInput, 'items'> => ({
  kind: 'invoice',
  number: 'INV2627-000001',
  issuedAt: '2026-11-28T06:30:00.000Z',
  orderRef: 'LM-1',
  orderDate: '2026-11-27T06:30:00.000Z',
  seller,
  buyer: { name: 'Asha', address: 'Flat 2, Anna Salai, Chennai 600002', ...placeOfSupply },
  placeOfSupply,
});

const item = fc.record({
  description: fc.constant('item'),
  hsnCode: fc.constantFrom('7117', '6204', '5007'),
  quantity: fc.integer({ min: 1, max: 20 }),
  unitPricePaise: fc.integer({ min: 1, max: 5_000_000 }),
  gstRateBp: fc.constantFrom(0, 300, 500, 1200, 1800, 2800),
});

describe('buildInvoiceData', () => {
  it('charges CGST + SGST in the seller’s state and IGST elsewhere, with totals that are the sums of the lines', () => {
    fc.assert(
      fc.property(fc.array(item, { minLength: 1, maxLength: 8 }), fc.constantFrom({ stateCode: '27', stateName: 'Maharashtra' }, { stateCode: '33', stateName: 'Tamil Nadu' }), (items, place) => {
        const data = buildInvoiceData({ ...base(place), items });
        expect(data.interState).toBe(place.stateCode !== '27');
        for (const k of ['taxablePaise', 'cgstPaise', 'sgstPaise', 'igstPaise', 'totalPaise'] as const) {
          expect(data.totals[k]).toBe(data.lines.reduce((s, l) => s + l[k], 0));
        }
        expect(data.totals.totalPaise).toBe(items.reduce((s, i) => s + i.unitPricePaise * i.quantity, 0));
        if (data.interState) expect(data.totals.cgstPaise + data.totals.sgstPaise).toBe(0);
        else expect(data.totals.igstPaise).toBe(0);
      }),
    );
  });

  it('writes the total in words and keeps the original invoice of a credit note', () => {
    const items = [{ description: 'Necklace', hsnCode: '7117', quantity: 1, unitPricePaise: 1_234_050, gstRateBp: 300 }];
    const note = buildInvoiceData({ ...base({ stateCode: '27', stateName: 'Maharashtra' }), kind: 'credit_note', number: 'CN2627-000001', originalInvoiceNumber: 'INV2627-000001', items });
    expect(note.amountInWords).toBe('Rupees Twelve Thousand Three Hundred Forty and Fifty Paise Only');
    expect(note.originalInvoiceNumber).toBe('INV2627-000001');
    expect(buildInvoiceData({ ...base({ stateCode: '27', stateName: 'Maharashtra' }), items }).originalInvoiceNumber).toBeNull();
  });
});
