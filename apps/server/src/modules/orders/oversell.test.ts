import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../testing/test-app.js';
import { makeProduct, makeSeller, makeUser, type TestSeller, type TestUser } from '../../testing/fixtures.js';
import { placeOrder, saveAddress } from '../../testing/commerce.js';
import { products } from '../products/index.js';
import { orders } from '../shopper/index.js';

const BUYERS = 100;
const STOCK = 10;

let t: TestApp;
let seller: TestSeller;
let buyers: { user: TestUser; addressId: string }[];
beforeAll(async () => {
  t = await buildTestApp({ OTP_SEND_LIMIT_PER_IP: '1000', API_RATE_LIMIT_PER_MINUTE: '100000' });
  seller = await makeSeller(t.app, t.database.db);
  buyers = [];
  for (let i = 0; i < BUYERS; i += 10) {
    const batch = await Promise.all(
      Array.from({ length: 10 }, async () => {
        const user = await makeUser(t.app, `Buyer${i}`);
        return { user, addressId: await saveAddress(t.app, user) };
      }),
    );
    buyers.push(...batch);
  }
}, 120_000);
afterAll(() => t.close());

describe('the oversell race', () => {
  it('sells exactly the stock to 100 buyers arriving at once, and never goes below zero', async () => {
    const p = await makeProduct(t.database.db, seller.sellerId, { stockQuantity: STOCK });
    const answers = await Promise.all(buyers.map((b, i) => placeOrder(t.app, b.user, { productId: p.id, addressId: b.addressId, paymentMethod: i % 2 ? 'cod' : 'upi' })));
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(STOCK);
    expect(codes.filter((c) => c === 409)).toHaveLength(BUYERS - STOCK);
    expect(new Set(answers.filter((a) => a.statusCode === 409).map((a) => a.json().message))).toEqual(new Set(['Out of stock']));
    const [row] = await t.database.db.select().from(products).where(eq(products.id, p.id));
    expect(row!.stockQuantity).toBe(0);
    const placed = await t.database.db.select().from(orders).where(eq(orders.sellerId, seller.sellerId));
    expect(placed).toHaveLength(STOCK);
  }, 120_000);
});
