import { afterAll, beforeAll, expect, it } from 'vitest';
import { call, placeOrder, saveAddress } from '../../testing/commerce.js';
import { makeProduct, makeSeller, makeUser } from '../../testing/fixtures.js';
import { buildTestApp, type TestApp } from '../../testing/test-app.js';
import { sellerBusiness } from '../sellers/tables.js';
import { statementCsv } from './statement.js';
import { form26qCsv, gstr8Csv } from './tax-reports.js';
import type { ledgerLines } from './tables.js';

// Issue 26, item 5: the month's GSTR-8 table and Form 26Q rows, from the ledger's own lines.
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

it('GSTR-8 nets returns off supplies per GSTIN; Form 26Q lists TDS per PAN, PANNOTAVBL at 5%', async () => {
  const withGstin = await makeSeller(t.app, t.database.db, 'Anita');
  const noPan = await makeSeller(t.app, t.database.db, 'Bose');
  await t.database.db.insert(sellerBusiness).values({ sellerId: withGstin.sellerId, legalName: 'Anita Crafts', address: '1 Park Street, Kolkata', stateCode: '19', gstin: '19ABCDE1234F1Z5', pan: 'ABCDE1234F' });
  const buyer = await makeUser(t.app, 'Chitra');
  const addressId = await saveAddress(t.app, buyer);
  const buy = async (sellerId: string, price: string) => {
    const product = await makeProduct(t.database.db, sellerId, { price, stockQuantity: 3 });
    const { order, payment } = (await placeOrder(t.app, buyer, { addressId, productId: product.id })).json();
    await call(t.app, 'POST', `/api/payments/simulated/${payment.paymentId}`, buyer, { outcome: 'success' });
    return order.id as string;
  };
  await buy(withGstin.sellerId, '1030.00');
  const returned = await buy(withGstin.sellerId, '515.00');
  expect((await call(t.app, 'POST', `/api/orders/${returned}/cancel`, buyer, {})).statusCode).toBe(200);
  await buy(noPan.sellerId, '2000.00');

  const month = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 7);
  const gstr8 = (await gstr8Csv(t.database.db, month)).trim().split('\r\n');
  expect(gstr8[0]).toBe('supplier_gstin,supplier_name,gross_value_of_supplies,value_of_returns,net_amount_liable_for_tcs,tcs_collected');
  // Jewellery at 3% GST: ₹1,030 + ₹515 is ₹1,500 taxable, ₹500 of it returned; TCS 0.5% of ₹1,000.
  expect(gstr8).toContain('19ABCDE1234F1Z5,"Anita Crafts",1500,500,1000,5');
  const q = (await form26qCsv(t.database.db, month)).trim().split('\r\n');
  expect(q[0]).toBe('section,deductee_pan,deductee_name,amount_paid_or_credited,rate_percent,tax_deducted,date_of_credit');
  expect(q.find((r) => r.includes('PANNOTAVBL'))).toMatch(/^194O,PANNOTAVBL,"Bose's Store",2000,5,100,\d{4}-\d{2}-\d{2}$/);
  expect(q.find((r) => r.includes('ABCDE1234F'))).toMatch(/^194O,ABCDE1234F,"Anita Crafts",1030,0\.1,1\.03,/);
});

it('statements quote text and keep a spreadsheet from running a note as a formula', () => {
  const csv = statementCsv([
    { id: '00000000-0000-4000-8000-000000000001', sellerId: 's', type: 'sale', amountPaise: 79_900, orderId: null, orderItemId: null, payoutId: null, refundId: null, reverses: null, rateBp: null, basePaise: null, key: 'k', note: '=HYPERLINK("http://x")', createdAt: new Date('2026-11-28T06:30:00Z') } as typeof ledgerLines.$inferSelect,
  ]);
  expect(csv.split('\r\n')[1]).toBe(`2026-11-28 12:00:00,sale,799,,,,"'=HYPERLINK(""http://x"")",00000000-0000-4000-8000-000000000001`);
});
