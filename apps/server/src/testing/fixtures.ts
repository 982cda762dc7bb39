import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.js';
import { products } from '../modules/products/index.js';
import { sellers } from '../modules/sellers/index.js';
import { signIn } from './test-app.js';

let counter = 0;
/** A 10-digit Indian mobile number unique within this test process. */
export function nextPhone(): string {
  counter += 1;
  return `9${String(process.pid % 1000).padStart(3, '0')}${String(counter).padStart(6, '0')}`;
}

export interface TestUser {
  id: string;
  cookie: string;
}

export async function makeUser(app: FastifyInstance, firstName = 'Asha'): Promise<TestUser> {
  const cookie = await signIn(app, nextPhone(), firstName);
  const me = await app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
  return { id: me.json().id, cookie };
}

export interface TestSeller extends TestUser {
  sellerId: string;
}

/** A signed-in user with a store (store registration itself arrives with the seller workspace). */
export async function makeSeller(app: FastifyInstance, db: Db, firstName = 'Priya'): Promise<TestSeller> {
  const u = await makeUser(app, firstName);
  const [s] = await db.insert(sellers).values({ userId: u.id, storeName: `${firstName}'s Store`, category: 'jewelry' }).returning();
  return { ...u, sellerId: s!.id };
}

export async function makeProduct(db: Db, sellerId: string, overrides: Partial<typeof products.$inferInsert> = {}) {
  const [p] = await db
    .insert(products)
    .values({ sellerId, name: 'Kundan necklace', price: '2499.00', originalPrice: '3199.00', category: 'jewelry', countryOfOrigin: 'IN', stockQuantity: 5, ...overrides })
    .returning();
  return p!;
}

export async function goLive(app: FastifyInstance, seller: TestUser, title = 'Bridal sets, live'): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/streams', headers: { cookie: seller.cookie }, payload: { title, description: 'Kundan and polki' } });
  if (res.statusCode !== 201) throw new Error(`go live failed: ${res.statusCode} ${res.body}`);
  return res.json().id;
}
