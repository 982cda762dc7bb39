import { describe, expect, it } from 'vitest';
import { LOGIN, SERVICEABILITY, ADHOC, RETURN, ASSIGN, PICKUP, seller, buyer, parcel, quoteReq, useShiprocket } from './shiprocket-testing.js';
import { shiprocketCarrier } from './shiprocket.js';

// The Shiprocket client's login, quotes and bookings against a local fake of its API.
const sr = useShiprocket();

const calls = (path: string) => sr.fake.calls(path);
const ordersFor = (reference: string) => sr.fake.orders.filter((o) => o.channel_order_id === reference);

describe('login', () => {
  it('logs in once with the API user and sends the token as a bearer on every call', async () => {
    const own = shiprocketCarrier(sr.options, fetch);
    const before = calls(LOGIN).length;
    const served = calls(SERVICEABILITY).length;
    await own.quote(quoteReq);
    await own.quote(quoteReq);
    expect(calls(LOGIN).slice(before).map((r) => r.body)).toEqual([{ email: 'api@meena-textiles.example', password: 'sr-pass-1' }]);
    const sent = calls(SERVICEABILITY).slice(served).map((r) => r.headers.authorization);
    expect(sent).toEqual([`Bearer ${sr.fake.issuedTokens.at(-1)}`, `Bearer ${sr.fake.issuedTokens.at(-1)}`]);
  });

  it('logs in again once after a 401 (the token lapsed) and repeats the call', async () => {
    const own = shiprocketCarrier(sr.options, fetch);
    await own.quote(quoteReq);
    const before = calls(LOGIN).length;
    const served = calls(SERVICEABILITY).length;
    sr.fake.expireTokens();
    expect(await own.quote(quoteReq)).toMatchObject({ deliverable: true, feePaise: 3505 });
    expect(calls(LOGIN).length - before).toBe(1);
    const [refused, repeated] = calls(SERVICEABILITY).slice(served);
    expect(repeated!.headers.authorization).toBe(`Bearer ${sr.fake.issuedTokens.at(-1)}`);
    expect(refused!.headers.authorization).not.toBe(repeated!.headers.authorization);
    // The new token is kept: the next call logs in no more.
    await own.quote(quoteReq);
    expect(calls(LOGIN).length - before).toBe(1);
  });

  it('gives up when the call is refused again with a fresh token, instead of looping', async () => {
    const own = shiprocketCarrier(sr.options, fetch);
    await own.quote(quoteReq);
    const before = calls(LOGIN).length;
    sr.fake.failNext(SERVICEABILITY, 401, { body: { message: 'Unauthenticated.' } });
    sr.fake.failNext(SERVICEABILITY, 401, { body: { message: 'Unauthenticated.' } });
    await expect(own.quote(quoteReq)).rejects.toThrow('Shiprocket refused GET /v1/external/courier/serviceability/ (HTTP 401): Unauthenticated.');
    expect(calls(LOGIN).length - before).toBe(1);
  });

  it("fails with Shiprocket's message on a wrong password, and tries again on the next call", async () => {
    const wrong = shiprocketCarrier({ ...sr.options, password: 'not-it' }, fetch);
    const before = calls(LOGIN).length;
    await expect(wrong.quote(quoteReq)).rejects.toThrow('Shiprocket login failed (HTTP 400): Invalid email and password combination');
    await expect(wrong.quote(quoteReq)).rejects.toThrow(/login failed/);
    expect(calls(LOGIN).length - before).toBe(2);
  });
});

describe('quote', () => {
  it('prices the cheapest courier in exact paise, and asks with the weight in kg and the value in rupees', async () => {
    const served = calls(SERVICEABILITY).length;
    // Xpressbees at ₹35.05: 35.05 × 100 is 3504.9999… in floating point.
    expect(await sr.carrier.quote(quoteReq)).toEqual({ deliverable: true, codAvailable: true, etaDays: 5, feePaise: 3505 });
    const q = calls(SERVICEABILITY)[served]!.query;
    expect(Object.fromEntries(q)).toEqual({ pickup_postcode: '110020', delivery_postcode: '400076', weight: '1.25', cod: '0', declared_value: '2499' });
  });

  it('for cash on delivery prices the cheapest courier that collects cash', async () => {
    const served = calls(SERVICEABILITY).length;
    expect(await sr.carrier.quote({ ...quoteReq, cod: true })).toEqual({ deliverable: true, codAvailable: true, etaDays: 6, feePaise: 4885 });
    expect(calls(SERVICEABILITY)[served]!.query.get('cod')).toBe('1');
  });

  it('says so when no courier collects cash at a pincode, and prices the cheapest anyway', async () => {
    sr.fake.setCouriers('790001', [
      { courier_company_id: 58, courier_name: 'Shadowfax Surface', rate: 89.9, cod: 0, estimated_delivery_days: '9' },
      { courier_company_id: 225, courier_name: 'India Post Business Parcel', rate: 64.15, cod: 0, estimated_delivery_days: '12' },
    ]);
    expect(await sr.carrier.quote({ ...quoteReq, deliveryPincode: '790001', cod: true })).toEqual({ deliverable: true, codAvailable: false, etaDays: 12, feePaise: 6415 });
    expect(await sr.carrier.quote({ ...quoteReq, deliveryPincode: '790001' })).toMatchObject({ deliverable: true, codAvailable: false });
  });

  it('answers not deliverable for a pincode no courier serves', async () => {
    sr.fake.setCouriers('744301', []);
    expect(await sr.carrier.quote({ ...quoteReq, deliveryPincode: '744301', cod: true })).toEqual({ deliverable: false, codAvailable: false, etaDays: 0, feePaise: 0 });
  });
});

describe('book', () => {
  it('books a COD parcel: an adhoc order for the cash, the cheapest cash courier, then a pickup', async () => {
    const req = parcel({ codPaise: 2_549_00 });
    const booked = await sr.carrier.book(req);
    const [order] = ordersFor(req.reference);
    expect(order).toBeDefined();
    expect(order!.body).toMatchObject({
      order_id: req.reference,
      order_date: '2024-03-10 02:15',
      pickup_location: 'Primary',
      billing_customer_name: 'अनिता',
      billing_last_name: 'देवी शर्मा',
      billing_address: 'Flat 3, Hiranandani Gardens',
      billing_address_2: 'Near IIT gate',
      billing_city: 'Mumbai',
      billing_pincode: '400076',
      billing_state: 'Maharashtra',
      billing_country: 'India',
      billing_email: 'api@meena-textiles.example',
      billing_phone: '9876543210',
      shipping_is_billing: true,
      order_items: [{ name: 'Handloom saree', sku: 'SAR-01', units: 2, selling_price: 1249.5 }],
      payment_method: 'COD',
      sub_total: 2549,
      length: 30,
      breadth: 25,
      height: 5,
      weight: 1.25,
    });
    expect(calls(ASSIGN).at(-1)!.body).toEqual({ shipment_id: order!.shipment.id, courier_id: 19 });
    expect(calls(PICKUP).at(-1)!.body).toEqual({ shipment_id: [order!.shipment.id] });
    expect(order!.shipment.pickup_token_number).toMatch(/^Reference No/);
    expect(booked).toEqual({
      awb: order!.shipment.awb,
      courierName: 'Ecom Express Surface',
      providerOrderId: String(order!.id),
      providerShipmentId: String(order!.shipment.id),
      trackingUrl: `https://shiprocket.co/tracking/${order!.shipment.awb}`,
      etaDays: 6,
    });
  });

  it('books a prepaid parcel for the value of its items with the cheapest courier', async () => {
    const req = parcel({ weightGrams: 480 });
    const booked = await sr.carrier.book(req);
    const [order] = ordersFor(req.reference);
    expect(order!.body).toMatchObject({ payment_method: 'Prepaid', sub_total: 2499, weight: 0.48 });
    expect(booked).toMatchObject({ courierName: 'Xpressbees Surface', etaDays: 5, awb: order!.shipment.awb });
    expect(order!.shipment.sr_courier_id).toBe(51);
  });

  it('books a return as a prepaid reverse pickup from the buyer to the seller, once', async () => {
    const req = parcel({ kind: 'return', from: buyer, to: seller });
    const adhoc = calls(ADHOC).length;
    const served = calls(SERVICEABILITY).length;
    const booked = await sr.carrier.book(req);
    const [order] = ordersFor(req.reference);
    expect(order!.kind).toBe('return');
    expect(calls(ADHOC).length).toBe(adhoc);
    expect(order!.body).toMatchObject({
      order_id: req.reference,
      pickup_customer_name: 'अनिता',
      pickup_last_name: 'देवी शर्मा',
      pickup_address: 'Flat 3, Hiranandani Gardens',
      pickup_pincode: '400076',
      pickup_phone: '9876543210',
      pickup_country: 'India',
      shipping_customer_name: 'Meena',
      shipping_last_name: 'Textiles',
      shipping_pincode: '110020',
      shipping_phone: '9811022334',
      payment_method: 'Prepaid',
      sub_total: 2499,
      weight: 1.25,
    });
    expect(Object.fromEntries(calls(SERVICEABILITY).at(served)!.query)).toMatchObject({ pickup_postcode: '400076', delivery_postcode: '110020', is_return: '1' });
    expect(booked).toMatchObject({ awb: order!.shipment.awb, providerShipmentId: String(order!.shipment.id) });
    expect(order!.shipment.pickup_token_number).not.toBeNull();

    const posts = [RETURN, ASSIGN, PICKUP].map((p) => calls(p).length);
    expect(await sr.carrier.book(req)).toEqual(booked);
    expect([RETURN, ASSIGN, PICKUP].map((p) => calls(p).length)).toEqual(posts);
    await expect(sr.carrier.book(parcel({ kind: 'return', from: buyer, to: seller, codPaise: 100_00 }))).rejects.toThrow(/always prepaid/);
  });

  it('the fake, like Shiprocket, makes a second order for a second create with the same order_id', async () => {
    const login = await fetch(`${sr.fake.url}${LOGIN}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: sr.options.email, password: sr.options.password }) });
    const { token } = (await login.json()) as { token: string };
    const reference = parcel().reference;
    const body = {
      order_id: reference, order_date: '2024-03-10 02:15', pickup_location: 'Primary', billing_customer_name: 'Anita', billing_address: 'Flat 3, Powai', billing_city: 'Mumbai',
      billing_pincode: '400076', billing_state: 'Maharashtra', billing_country: 'India', billing_email: 'a@example.com', billing_phone: '9876543210', shipping_is_billing: true,
      order_items: [{ name: 'Saree', sku: 'SAR-01', units: 1, selling_price: 999 }], payment_method: 'Prepaid', sub_total: 999, length: 30, breadth: 25, height: 5, weight: 0.5,
    };
    for (let i = 0; i < 2; i += 1) {
      const res = await fetch(`${sr.fake.url}${ADHOC}`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify(body) });
      expect(res.status).toBe(200);
    }
    expect(ordersFor(reference)).toHaveLength(2);
  });

  it('books once when the answer to the create call was lost, and a retry carries on from there', async () => {
    // A longer reference that contains this one: Shiprocket's search matches it too.
    const req = parcel({ codPaise: 2_549_00 });
    await sr.carrier.book({ ...req, reference: `${req.reference}9` });
    sr.fake.failNext(ADHOC, 'network', { afterEffect: true });
    await expect(sr.carrier.book(req)).rejects.toThrow(/Shiprocket could not be reached \(POST \/v1\/external\/orders\/create\/adhoc\)/);
    expect(ordersFor(req.reference)).toHaveLength(1);
    expect(ordersFor(req.reference)[0]!.shipment.awb).toBeNull();

    const creates = calls(ADHOC).length;
    const booked = await sr.carrier.book(req);
    expect(calls(ADHOC).length).toBe(creates);
    const [order] = ordersFor(req.reference);
    expect(ordersFor(req.reference)).toHaveLength(1);
    expect(booked).toMatchObject({ awb: order!.shipment.awb, providerOrderId: String(order!.id), courierName: 'Ecom Express Surface', etaDays: 6 });
    expect(calls(ASSIGN).filter((r) => r.body.shipment_id === order!.shipment.id)).toHaveLength(1);

    // A 502 after the order was made: the same.
    const other = parcel();
    sr.fake.failNext(ADHOC, 502, { afterEffect: true, body: { message: 'Bad Gateway', status_code: 502 } });
    await expect(sr.carrier.book(other)).rejects.toThrow(/HTTP 502\): Bad Gateway/);
    await sr.carrier.book(other);
    expect(ordersFor(other.reference)).toHaveLength(1);
  });

  it('does not assign a second AWB or ask a second pickup when those answers were lost', async () => {
    const req = parcel();
    sr.fake.failNext(ASSIGN, 'network', { afterEffect: true });
    await expect(sr.carrier.book(req)).rejects.toThrow(/could not be reached/);
    const [order] = ordersFor(req.reference);
    const awb = order!.shipment.awb;
    expect(awb).toMatch(/^\d+$/);
    const assigns = calls(ASSIGN).length;
    const booked = await sr.carrier.book(req);
    expect(calls(ASSIGN).length).toBe(assigns);
    expect(booked).toMatchObject({ awb, courierName: 'Xpressbees Surface', etaDays: 5 });

    const next = parcel();
    sr.fake.failNext(PICKUP, 504, { afterEffect: true });
    await expect(sr.carrier.book(next)).rejects.toThrow(/HTTP 504/);
    const pickups = calls(PICKUP).length;
    const again = await sr.carrier.book(next);
    expect(calls(PICKUP).length).toBe(pickups);
    expect(again.awb).toBe(ordersFor(next.reference)[0]!.shipment.awb);
    expect(ordersFor(next.reference)).toHaveLength(1);
  });

  it('books a return once when the answer to its create call was lost', async () => {
    const req = parcel({ kind: 'return', from: buyer, to: seller });
    sr.fake.failNext(RETURN, 'network', { afterEffect: true });
    await expect(sr.carrier.book(req)).rejects.toThrow(/could not be reached/);
    const booked = await sr.carrier.book(req);
    expect(ordersFor(req.reference)).toHaveLength(1);
    expect(booked.awb).toBe(ordersFor(req.reference)[0]!.shipment.awb);
  });

  it("throws Shiprocket's own message when it refuses, or answers without the expected fields", async () => {
    const elsewhere = shiprocketCarrier({ ...sr.options, pickupLocation: 'Warehouse 9' }, fetch);
    await expect(elsewhere.book(parcel())).rejects.toThrow(
      'Shiprocket refused POST /v1/external/orders/create/adhoc (HTTP 422): Oops! Invalid Data. — pickup_location: Pickup location does not exist.',
    );
    sr.fake.failNext(SERVICEABILITY, 500, { body: { message: 'Courier service temporarily down', status_code: 500 } });
    await expect(sr.carrier.quote(quoteReq)).rejects.toThrow('Shiprocket refused GET /v1/external/courier/serviceability/ (HTTP 500): Courier service temporarily down');
    sr.fake.failNext(ADHOC, 200, { body: { status: 'ok' } });
    await expect(sr.carrier.book(parcel())).rejects.toThrow(/answered POST \/v1\/external\/orders\/create\/adhoc without the expected fields \(order_id, shipment_id\)/);

    const req = parcel();
    sr.fake.failNext(ASSIGN, 200, { body: { awb_assign_status: 0, response: { data: { awb_assign_error: 'Insufficient wallet balance' } } } });
    await expect(sr.carrier.book(req)).rejects.toThrow(/assigned no AWB to shipment \d+: Insufficient wallet balance/);
    expect((await sr.carrier.book(req)).awb).toBe(ordersFor(req.reference)[0]!.shipment.awb);
  });

  it('refuses to book again a reference whose order was cancelled', async () => {
    const req = parcel();
    sr.fake.failNext(ASSIGN, 500);
    await expect(sr.carrier.book(req)).rejects.toThrow(/HTTP 500/);
    ordersFor(req.reference)[0]!.status = 'CANCELED';
    await expect(sr.carrier.book(req)).rejects.toThrow(/was cancelled/);
    expect(ordersFor(req.reference)).toHaveLength(1);
  });
});

