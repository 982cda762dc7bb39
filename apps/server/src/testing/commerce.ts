import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { TestUser } from './fixtures.js';

export const ADDRESS = { name: 'Rahul Verma', phone: '+91 98765 43210', pincode: '201309', state: 'Uttar Pradesh', city: 'Noida', line1: 'B-14, Sector 62' };

export function call(app: FastifyInstance, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, who: TestUser | null, payload?: object) {
  return app.inject({ method, url, headers: who ? { cookie: who.cookie } : {}, ...(payload === undefined ? {} : { payload }) });
}

export async function saveAddress(app: FastifyInstance, who: TestUser): Promise<string> {
  const res = await call(app, 'POST', '/api/addresses', who, ADDRESS);
  if (res.statusCode !== 201) throw new Error(`address failed: ${res.statusCode} ${res.body}`);
  return res.json().id;
}

export function placeOrder(
  app: FastifyInstance,
  who: TestUser,
  body: { addressId: string; productId?: string; quantity?: number; paymentMethod?: string; idempotencyKey?: string; items?: object[]; fromCart?: boolean; streamId?: string; dealId?: string },
) {
  const { productId, quantity = 1, paymentMethod = 'upi', idempotencyKey = randomUUID(), items, ...rest } = body;
  return call(app, 'POST', '/api/orders', who, { items: items ?? [{ productId, quantity }], paymentMethod, idempotencyKey, ...rest });
}

/** A store's pickup address in Bengaluru, where the simulated courier collects its parcels (issue 27). */
export const PICKUP = { name: 'Priya Jewels', phone: '+91 98450 11111', pincode: '560034', state: 'Karnataka', city: 'Bengaluru', line1: '12, 4th Cross, Koramangala' };

/** Packs the order (with its pickup address set first) and books the parcel; returns its AWB. */
export async function ship(app: FastifyInstance, seller: TestUser, orderId: string): Promise<string> {
  const pickup = await call(app, 'PUT', '/api/seller/pickup-address', seller, PICKUP);
  if (pickup.statusCode !== 200) throw new Error(`pickup address failed: ${pickup.statusCode} ${pickup.body}`);
  const res = await call(app, 'POST', `/api/orders/${orderId}/shipment`, seller, { weightGrams: 500, lengthCm: 20, breadthCm: 15, heightCm: 10 });
  if (res.statusCode !== 200) throw new Error(`shipment failed: ${res.statusCode} ${res.body}`);
  return res.json().awb;
}

/** Moves a simulated parcel at once (development only), as a courier's scans would. */
export async function advance(app: FastifyInstance, who: TestUser, awb: string, to: string): Promise<void> {
  const res = await call(app, 'POST', `/api/shipping/sim/${awb}/advance`, who, { to });
  if (res.statusCode !== 200) throw new Error(`advance to ${to} failed: ${res.statusCode} ${res.body}`);
}

/** Ships the order and has the simulated courier deliver it. */
export async function shipAndDeliver(app: FastifyInstance, seller: TestUser, orderId: string): Promise<string> {
  const awb = await ship(app, seller, orderId);
  await advance(app, seller, awb, 'delivered');
  return awb;
}
