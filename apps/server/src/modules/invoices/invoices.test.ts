import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, placeOrder } from '../../testing/commerce.js';
import { makeProduct, makeSeller, makeUser, type TestSeller, type TestUser } from '../../testing/fixtures.js';
import { buildTestApp, type TestApp } from '../../testing/test-app.js';
import { eq } from 'drizzle-orm';
import { sellerBusiness } from '../sellers/tables.js';
import { invoices } from './tables.js';
import { financialYearOf, invoiceNumber, taxLine } from './compute.js';
import { rupeesInWords } from './words.js';

const dir = mkdtempSync(path.join(tmpdir(), 'lm-invoice-'));
/** The PDF's text as poppler reads it (Debian's poppler-utils), columns kept. */
function pdfText(pdf: Buffer, name: string): string {
  const file = path.join(dir, `${name}.pdf`);
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

describe('invoice arithmetic', () => {
  it('writes amounts in words with Indian numbering', () => {
    expect(rupeesInWords(1_234_050)).toBe('Rupees Twelve Thousand Three Hundred Forty and Fifty Paise Only');
    expect(rupeesInWords(100)).toBe('Rupees One Only');
    expect(rupeesInWords(0)).toBe('Rupees Zero Only');
    expect(rupeesInWords(1_00_00_000_00)).toBe('Rupees One Crore Only');
    expect(rupeesInWords(12_34_56_789_01)).toBe('Rupees Twelve Crore Thirty Four Lakh Fifty Six Thousand Seven Hundred Eighty Nine and One Paise Only');
  });
  it('splits GST so that the parts always add up to the price', () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 10 ** 9 }), fc.integer({ min: 1, max: 50 }), fc.constantFrom(0, 25, 300, 500, 1200, 1800, 2800), fc.boolean(), (unit, qty, bp, inter) => {
      const l = taxLine({ description: 'x', hsnCode: '7117', quantity: qty, unitPricePaise: unit, gstRateBp: bp }, inter);
      expect(l.taxablePaise + l.cgstPaise + l.sgstPaise + l.igstPaise).toBe(unit * qty);
      if (inter) expect([l.cgstPaise, l.sgstPaise]).toEqual([0, 0]);
      else expect(l.igstPaise).toBe(0);
    }));
  });
  it('numbers documents per financial year (April to March, in IST), in at most 16 characters', () => {
    expect(financialYearOf(new Date('2026-11-28T10:00:00Z'))).toBe('2026-27');
    expect(financialYearOf(new Date('2027-03-31T17:30:00Z'))).toBe('2026-27');
    expect(financialYearOf(new Date('2027-03-31T18:45:00Z'))).toBe('2027-28');
    expect(invoiceNumber('INV', '2026-27', 42)).toBe('INV2627-000042');
    expect(invoiceNumber('INV', '2026-27', 999_999).length).toBeLessThanOrEqual(16);
  });
});

describe('GET /api/orders/{id}/invoice', () => {
  let t: TestApp;
  let buyer: TestUser;
  let addressId: string;
  beforeAll(async () => {
    t = await buildTestApp();
    buyer = await makeUser(t.app, 'Karthik');
    // The delivery address is in Uttar Pradesh (09), with the buyer's name in Tamil.
    addressId = (await call(t.app, 'POST', '/api/addresses', buyer, { name: 'கார்த்திக் ராஜா', phone: '+91 98765 43210', pincode: '201309', state: 'Uttar Pradesh', city: 'Noida', line1: 'B-14, Sector 62' })).json().id;
  });
  afterAll(() => t.close());

  async function invoiceFor(seller: TestSeller, stateCode: string, gstin: string) {
    await t.database.db.insert(sellerBusiness).values({ sellerId: seller.sellerId, legalName: `Traders of ${stateCode}`, address: 'Shop 4, Main Road', stateCode, gstin, pan: gstin.slice(2, 12) });
    const product = await makeProduct(t.database.db, seller.sellerId, { name: 'Kundan necklace', price: '10300.00', stockQuantity: 2 });
    const placed = await placeOrder(t.app, buyer, { addressId, productId: product.id });
    const { order, payment } = placed.json();
    expect((await call(t.app, 'GET', `/api/orders/${order.id}/invoice`, buyer)).statusCode).toBe(404);
    await call(t.app, 'POST', `/api/payments/simulated/${payment.paymentId}`, buyer, { outcome: 'success' });
    const res = await call(t.app, 'GET', `/api/orders/${order.id}/invoice`, buyer);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    // The seller can read it; anyone else gets 404.
    expect((await call(t.app, 'GET', `/api/orders/${order.id}/invoice`, seller)).statusCode).toBe(200);
    expect((await call(t.app, 'GET', `/api/orders/${order.id}/invoice`, await makeUser(t.app, 'Other'))).statusCode).toBe(404);
    return pdfText(res.rawPayload, `${stateCode}-${order.id}`);
  }

  it("numbers a store's invoices without gaps or repeats when many payments land at once", async () => {
    const seller = await makeSeller(t.app, t.database.db, 'Busy');
    const product = await makeProduct(t.database.db, seller.sellerId, { price: '250.00', stockQuantity: 12 });
    const placed = await Promise.all(Array.from({ length: 12 }, () => placeOrder(t.app, buyer, { addressId, productId: product.id })));
    // Twelve payments at once: on PostgreSQL their transactions contend for the store's numbering lock.
    const paid = await Promise.all(placed.map((p) => call(t.app, 'POST', `/api/payments/simulated/${p.json().payment.paymentId}`, buyer, { outcome: 'success' })));
    expect(paid.map((r) => r.statusCode)).toEqual(Array(12).fill(200));
    const rows = await t.database.db.select({ serial: invoices.serial }).from(invoices).where(eq(invoices.sellerId, seller.sellerId));
    expect(rows.map((r) => r.serial).sort((a, b) => a - b)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
  });

  it('splits CGST and SGST when the seller is in the delivery state', async () => {
    const text = await invoiceFor(await makeSeller(t.app, t.database.db, 'Ravi'), '09', '09ABCDE1234F1Z5');
    expect(text).toContain('Tax Invoice');
    expect(text).toMatch(/Kundan necklace\s+7117\s+1\s+10,300\.00\s+3%\s+10,000\.00\s+150\.00\s+150\.00\s+10,300\.00/);
    expect(text).toMatch(/INV\d{4}-000001/);
    expect(text).toContain('GSTIN 09ABCDE1234F1Z5');
    expect(text).toContain('Place of supply: Uttar Pradesh (09)');
    expect(text).toMatch(/CGST\s+150\.00/);
    expect(text).toMatch(/SGST\s+150\.00/);
    expect(text).not.toContain('IGST');
    expect(text).toMatch(/Taxable value\s+10,000\.00/);
    expect(text).toContain('Rupees Ten Thousand Three Hundred Only');
    expect(text).toContain('கார்த்திக் ராஜா');
  });

  it('charges IGST when the seller is in another state', async () => {
    const text = await invoiceFor(await makeSeller(t.app, t.database.db, 'Meera'), '27', '27PQRSX5678K1Z2');
    expect(text).toMatch(/IGST\s+300\.00/);
    expect(text).not.toMatch(/(CGST|SGST)\s+[\d,]+\.\d\d/);
    expect(text).toContain('State Maharashtra (27)');
    const fonts = execFileSync('pdffonts', [path.join(dir, (execFileSync('ls', [dir], { encoding: 'utf8' }).split('\n').find((f) => f.startsWith('27-')))!)], { encoding: 'utf8' });
    expect(fonts).toMatch(/NotoSansTamil\S*\s+CID TrueType\s+Identity-H\s+yes/);
  });
});
