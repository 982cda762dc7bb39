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
