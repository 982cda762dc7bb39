import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { advance, call, PICKUP, placeOrder, saveAddress, ship } from '../../testing/commerce.js';
import { goLive, makeProduct, makeSeller, makeUser, type TestSeller, type TestUser } from '../../testing/fixtures.js';
import { buildTestApp, type TestApp } from '../../testing/test-app.js';
import { products } from '../products/tables.js';
import { shipments } from './tables.js';
import { simulatedRefunds } from '../refunds/simulated.js';

// Issue 27: pincodes, the quote, shipping, and tracking that drives the order.
const SECRET = 'carrier-secret-for-tests-0123456789';
let t: TestApp;
let seller: TestSeller;
let buyer: TestUser;
let addressId: string;

const stockOf = async (id: string) => (await t.database.db.select().from(products).where(eq(products.id, id)))[0]!.stockQuantity;
const orderOf = async (id: string) => (await call(t.app, 'GET', `/api/orders/${id}`, buyer)).json();
/** The carrier's webhook; its parcels are folded after the answer, so this waits for that too. */
async function hook(events: object[], secret = SECRET) {
  const res = await t.app.inject({ method: 'POST', url: '/api/shipping/webhooks/simulated', headers: { 'x-carrier-secret': secret }, payload: { events } });
  await t.app.parcels.events.settled();
  return res;
}
const start = Date.now() + 60_000;
const at = (minutes: number) => new Date(start + minutes * 60_000).toISOString();

async function codOrder(price = '450.00', stock = 5) {
  const p = await makeProduct(t.database.db, seller.sellerId, { price, stockQuantity: stock });
  const placed = await placeOrder(t.app, buyer, { productId: p.id, addressId, paymentMethod: 'cod' });
  expect(placed.statusCode, placed.body).toBe(201);
  return { productId: p.id, orderId: placed.json().order.id as string };
}

beforeAll(async () => {
  t = await buildTestApp({ SHIPPING_WEBHOOK_SECRET: SECRET }, null, { moneyProviders: { refunds: simulatedRefunds({ delayMs: 0 }) } });
  seller = await makeSeller(t.app, t.database.db, 'Priya');
  buyer = await makeUser(t.app, 'Rahul');
  addressId = await saveAddress(t.app, buyer);
});
afterAll(() => t.close());

describe('pincodes', () => {
  it('answers from the India Post directory, and 404 for a pincode it does not hold', async () => {
    expect((await call(t.app, 'GET', '/api/pincodes/560034', null)).json()).toEqual({ pincode: '560034', district: 'Bengaluru', state: 'Karnataka' });
    expect((await call(t.app, 'GET', '/api/pincodes/194101', null)).json()).toMatchObject({ state: 'Ladakh' });
    expect((await call(t.app, 'GET', '/api/pincodes/999999', null)).statusCode).toBe(404);
    expect((await call(t.app, 'GET', '/api/pincodes/12ab', null)).statusCode).toBe(400);
  });

  it('refuses an address whose pincode is unknown or in another state, and saves nothing', async () => {
    const someone = await makeUser(t.app, 'Kavya');
    const base = { name: 'Kavya', phone: '9876543210', city: 'Bengaluru', line1: '1 MG Road' };
    const unknown = await call(t.app, 'POST', '/api/addresses', someone, { ...base, pincode: '999999', state: 'Karnataka' });
    expect([unknown.statusCode, unknown.json().message]).toEqual([400, 'This PIN code is not in the India Post directory']);
    const elsewhere = await call(t.app, 'POST', '/api/addresses', someone, { ...base, pincode: '560001', state: 'Kerala' });
    expect([elsewhere.statusCode, elsewhere.json().message]).toEqual([400, 'PIN code 560001 is in Karnataka: choose that state or check the PIN code']);
    expect((await call(t.app, 'GET', '/api/addresses', someone)).json()).toEqual([]);
  });
});

describe('the quote', () => {
  it('gives the fee and the days from the distance, and COD only below the limit', async () => {
    const cheap = await makeProduct(t.database.db, seller.sellerId, { price: '500.00' });
    const dear = await makeProduct(t.database.db, seller.sellerId, { price: '25000.00' });
    const quote = (productId: string, pincode: string, quantity = 1) => call(t.app, 'GET', `/api/shipping/quote?productId=${productId}&quantity=${quantity}&pincode=${pincode}`, null);
    await ship(t.app, seller, (await codOrder()).orderId); // sets the pickup address in Bengaluru
    const near = (await quote(cheap.id, '560001')).json();
    const far = (await quote(cheap.id, '110001')).json();
    expect(near).toEqual({ deliverable: true, codAvailable: true, etaDays: 2, shippingFee: '40.00' });
    expect(far).toMatchObject({ deliverable: true, codAvailable: true, etaDays: 7, shippingFee: '85.00' });
    expect((await quote(cheap.id, '560001', 3)).json().shippingFee).toBe('90.00');
    expect((await quote(dear.id, '560001')).json()).toMatchObject({ deliverable: true, codAvailable: false });
    expect((await quote(cheap.id, '744301')).json()).toMatchObject({ deliverable: true, codAvailable: false });
    expect((await quote(cheap.id, '999999')).statusCode).toBe(400);
    // The parcel is weighed by the product's packed weight: 1.2 kg is two more half-kilo slabs than 500 g.
    const heavy = await makeProduct(t.database.db, seller.sellerId, { price: '500.00', weightGrams: 1200 });
    expect((await quote(heavy.id, '560001')).json().shippingFee).toBe((await quote(cheap.id, '560001', 3)).json().shippingFee);
  });
});

describe('shipping', () => {
  it('needs a pickup address, only the store ships, and a second tap books nothing new', async () => {
    const fresh = await makeSeller(t.app, t.database.db, 'Farah');
    const p = await makeProduct(t.database.db, fresh.sellerId);
    const { order } = (await placeOrder(t.app, buyer, { productId: p.id, addressId, paymentMethod: 'cod' })).json();
    const dims = { weightGrams: 400, lengthCm: 20, breadthCm: 15, heightCm: 5 };
    const early = await call(t.app, 'POST', `/api/orders/${order.id}/shipment`, fresh, dims);
    expect([early.statusCode, early.json().message]).toEqual([409, 'Add your pickup address before your first shipment']);
    const wrongState = await call(t.app, 'PUT', '/api/seller/pickup-address', fresh, { ...PICKUP, state: 'Goa' });
    expect(wrongState.statusCode).toBe(400);
    expect((await call(t.app, 'PUT', '/api/seller/pickup-address', buyer, PICKUP)).statusCode).toBe(403);
    expect((await call(t.app, 'PUT', '/api/seller/pickup-address', fresh, PICKUP)).statusCode).toBe(200);
    expect((await call(t.app, 'POST', `/api/orders/${order.id}/shipment`, buyer, dims)).statusCode).toBe(404);
    expect((await call(t.app, 'POST', `/api/orders/${order.id}/shipment`, fresh, { ...dims, weightGrams: 0 })).statusCode).toBe(400);
    const [a, b] = await Promise.all([1, 2].map(() => call(t.app, 'POST', `/api/orders/${order.id}/shipment`, fresh, dims)));
    expect(a!.statusCode, a!.body).toBe(200);
    expect(b!.json()).toEqual(a!.json());
    expect(a!.json()).toMatchObject({ awb: expect.stringMatching(/^9\d{11}$/), carrier: 'LiveMarket Express', orderIds: [order.id] });
    expect((await orderOf(order.id)).parcel).toMatchObject({ awb: a!.json().awb, status: 'pickup_scheduled' });
    // The store pays the courier: Bengaluru → Noida at 400 g is ₹85, and 18% GST on it; charged once for the two taps.
    const { lines } = (await call(t.app, 'GET', '/api/seller/ledger', fresh)).json() as { lines: Array<{ type: string; amount: string; orderId?: string }> };
    expect(lines.filter((l) => l.type.startsWith('shipping')).map((l) => [l.type, l.amount, l.orderId]).sort()).toEqual([
      ['shipping', '-85', order.id],
      ['shipping_gst', '-15.30', order.id],
    ]);
  });

  it("puts a buyer's orders of one show into one parcel", async () => {
    const live = await makeSeller(t.app, t.database.db, 'Anjali');
    const streamId = await goLive(t.app, live);
    const [x, y, z] = await Promise.all([1, 2, 3].map(() => makeProduct(t.database.db, live.sellerId)));
    const first = (await placeOrder(t.app, buyer, { productId: x!.id, addressId, paymentMethod: 'cod', streamId })).json().order;
    const second = (await placeOrder(t.app, buyer, { productId: y!.id, addressId, paymentMethod: 'cod', streamId })).json().order;
    const apart = (await placeOrder(t.app, buyer, { productId: z!.id, addressId, paymentMethod: 'cod' })).json().order;
    await call(t.app, 'PUT', '/api/seller/pickup-address', live, PICKUP);
    const res = (await call(t.app, 'POST', `/api/orders/${second.id}/shipment`, live, { weightGrams: 900, lengthCm: 30, breadthCm: 20, heightCm: 10 })).json();
    expect(res.orderIds).toEqual([first.id, second.id].sort());
    expect((await orderOf(first.id)).parcel.awb).toBe(res.awb);
    expect((await orderOf(apart.id)).parcel).toBeNull();
  });
});

describe('tracking drives the order', () => {
  it('refuses a wrong secret, and takes duplicate, late and out-of-order events the same', async () => {
    const { orderId } = await codOrder();
    const awb = await ship(t.app, seller, orderId);
    expect((await hook([{ awb, status: 'picked_up', at: at(1) }], 'wrong-secret-wrong-secret-wrong')).statusCode).toBe(401);
    expect((await hook([{ awb, status: 'picked_up', at: at(1) }], '')).statusCode).toBe(401);
    expect((await orderOf(orderId)).status).toBe('confirmed');
    // Delivered arrives before the earlier scans; one of them twice.
    const sent = await hook([
      { awb, status: 'delivered', location: 'Noida', at: at(50) },
      { awb, status: 'picked_up', location: 'Bengaluru', at: at(1) },
      { awb, status: 'out_for_delivery', location: 'Noida', at: at(40) },
      { awb, status: 'out_for_delivery', location: 'Noida', at: at(40) },
      { awb: 'NOT-OURS-1', status: 'delivered', at: at(50) },
    ]);
    expect(sent.json()).toEqual({ stored: 3, duplicate: 1, unknown: 1 });
    const late = await hook([{ awb, status: 'in_transit', location: 'Delhi hub', at: at(20) }]);
    expect(late.json()).toEqual({ stored: 1, duplicate: 0, unknown: 0 });
    const order = await orderOf(orderId);
    expect([order.status, order.paymentStatus]).toEqual(['delivered', 'paid']);
    const tracking = (await call(t.app, 'GET', `/api/orders/${orderId}/tracking`, buyer)).json();
    expect(tracking.status).toBe('delivered');
    expect(tracking.events.map((e: { status: string }) => e.status)).toEqual(['pickup_scheduled', 'picked_up', 'in_transit', 'out_for_delivery', 'delivered']);
    expect(tracking.events[1]).toEqual({ status: 'picked_up', location: 'Bengaluru', at: at(1) });
    expect((await call(t.app, 'GET', `/api/orders/${orderId}/tracking`, await makeUser(t.app, 'Stranger'))).statusCode).toBe(404);
  });

  it('a failed attempt, then the next day out for delivery again: the later wins, whichever came first', async () => {
    const { orderId } = await codOrder();
    const awb = await ship(t.app, seller, orderId);
    await hook([{ awb, status: 'out_for_delivery', at: at(100) }, { awb, status: 'delivery_failed', at: at(90) }, { awb, status: 'delivery_failed', at: at(30) }]);
    expect((await orderOf(orderId)).status).toBe('out_for_delivery');
    await hook([{ awb, status: 'delivery_failed', at: at(110) }]);
    expect((await orderOf(orderId)).status).toBe('delivery_failed');
  });

  it('back at the seller: the stock returns, and a prepaid order is refunded', async () => {
    const p = await makeProduct(t.database.db, seller.sellerId, { price: '300.00', stockQuantity: 4 });
    const placed = (await placeOrder(t.app, buyer, { productId: p.id, addressId, paymentMethod: 'upi' })).json();
    await call(t.app, 'POST', `/api/payments/simulated/${placed.payment.paymentId}`, buyer, { outcome: 'success' });
    expect(await stockOf(p.id)).toBe(3);
    const awb = await ship(t.app, seller, placed.order.id);
    await advance(t.app, seller, awb, 'returned_to_origin');
    await advance(t.app, seller, awb, 'returned_to_origin').catch((e: Error) => expect(e.message).toContain('409'));
    const order = await orderOf(placed.order.id);
    expect([order.status, order.paymentStatus]).toEqual(['returned_to_origin', 'refunded']);
    expect(order.refund).toMatchObject({ amount: '300' });
    expect(await stockOf(p.id)).toBe(4);
    // A late "delivered" after it came back changes nothing.
    await hook([{ awb, status: 'out_for_delivery', at: new Date().toISOString() }]);
    expect((await orderOf(placed.order.id)).status).toBe('returned_to_origin');
  });

  it('after a failed attempt the buyer asks for another, at a new address; the courier goes out again', async () => {
    const { orderId } = await codOrder();
    const awb = await ship(t.app, seller, orderId);
    const early = await call(t.app, 'POST', `/api/orders/${orderId}/redelivery`, buyer, {});
    expect([early.statusCode, early.json().message]).toEqual([409, 'Only a parcel the courier could not deliver can be tried again']);
    await advance(t.app, seller, awb, 'delivery_failed');
    expect((await orderOf(orderId)).status).toBe('delivery_failed');
    expect((await call(t.app, 'POST', `/api/orders/${orderId}/redelivery`, seller, {})).statusCode).toBe(404);
    const delhi = await call(t.app, 'POST', '/api/addresses', buyer, { name: 'Rahul Verma', phone: '9876543210', pincode: '110001', state: 'Delhi', city: 'New Delhi', line1: '5, Connaught Place' });
    const far = await call(t.app, 'POST', `/api/orders/${orderId}/redelivery`, buyer, { addressId: delhi.json().id });
    expect([far.statusCode, far.json().message]).toEqual([409, 'The courier can try again only within PIN code 201309: choose an address there']);
    const office = await call(t.app, 'POST', '/api/addresses', buyer, { name: 'Rahul Verma', phone: '9876500000', pincode: '201309', state: 'Uttar Pradesh', city: 'Noida', line1: 'Tower C, Sector 62 IT Park' });
    const again = await call(t.app, 'POST', `/api/orders/${orderId}/redelivery`, buyer, { addressId: office.json().id });
    expect(again.statusCode, again.body).toBe(200);
    expect((await orderOf(orderId)).address).toMatchObject({ line1: 'Tower C, Sector 62 IT Park', phone: '9876500000' });
    // The simulated courier's next visit (a step later; run here at once).
    const [row] = await t.database.db.select().from(shipments).where(eq(shipments.awb, awb));
    await t.app.parcels.events.simStep({ shipmentId: row!.id, from: 'delivery_failed', to: 'out_for_delivery' });
    expect((await orderOf(orderId)).status).toBe('out_for_delivery');
    // The step that would have sent it back had nobody answered now finds it moved on.
    await t.app.parcels.events.simStep({ shipmentId: row!.id, from: 'delivery_failed' });
    expect((await orderOf(orderId)).status).toBe('out_for_delivery');
  });
});

describe('who may', () => {
  it('print the label, see the tracking, ship, set a pickup address or ask for redelivery', async () => {
    const { orderId } = await codOrder();
    await ship(t.app, seller, orderId);
    const label = await call(t.app, 'GET', `/api/orders/${orderId}/label`, seller);
    expect([label.statusCode, label.headers['content-type'], label.rawPayload.subarray(0, 5).toString()]).toEqual([200, 'application/pdf', '%PDF-']);
    const stranger = await makeUser(t.app, 'Stranger');
    const other = await makeSeller(t.app, t.database.db, 'Other');
    for (const who of [buyer, stranger, other]) expect((await call(t.app, 'GET', `/api/orders/${orderId}/label`, who)).statusCode).toBe(404);
    for (const who of [stranger, other]) expect((await call(t.app, 'GET', `/api/orders/${orderId}/tracking`, who)).statusCode).toBe(404);
    expect((await call(t.app, 'GET', `/api/orders/${orderId}/tracking`, seller)).statusCode).toBe(200);
    const signedOut: Array<['GET' | 'POST' | 'PUT', string, object?]> = [
      ['GET', `/api/orders/${orderId}/label`],
      ['GET', `/api/orders/${orderId}/tracking`],
      ['POST', `/api/orders/${orderId}/shipment`, { weightGrams: 500, lengthCm: 20, breadthCm: 15, heightCm: 10 }],
      ['PUT', '/api/seller/pickup-address', PICKUP],
      ['GET', '/api/seller/pickup-address'],
      ['POST', `/api/orders/${orderId}/redelivery`, {}],
      ['POST', `/api/orders/${orderId}/returns`, { items: [], reason: 'size' }],
      ['POST', '/api/shipping/sim/912345678901/advance', { to: 'delivered' }],
    ];
    for (const [method, url, body] of signedOut) expect((await call(t.app, method, url, null, body)).statusCode, url).toBe(401);
    for (const who of [stranger, other]) expect((await call(t.app, 'POST', `/api/orders/${orderId}/redelivery`, who, {})).statusCode).toBe(404);
  });
});

describe('the development-only advance', () => {
  it('is not there in production', async () => {
    const prod = await buildTestApp({ NODE_ENV: 'production', ALLOW_DEV_SETTINGS_IN_PRODUCTION: 'true', SHIPPING_WEBHOOK_SECRET: SECRET });
    try {
      const who = await makeUser(prod.app, 'Asha');
      const res = await prod.app.inject({ method: 'POST', url: '/api/shipping/sim/912345678901/advance', headers: { cookie: who.cookie }, payload: { to: 'delivered' } });
      expect([res.statusCode, res.json().message]).toEqual([404, 'Not found']);
    } finally {
      await prod.close();
    }
  });
});
