import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { CATEGORY_TAX, gstStateName, returnDaysOf, type Product, type ProductBody, type ProductPage } from '@live-market/contract';
import type { Db, Tx } from '../../db/client.js';
import { HttpError } from '../../plugins/errors.js';
import { sellerBusiness, sellers } from '../sellers/tables.js';
import { products } from './tables.js';
import { searchKey } from '../search/key.js';

export function toProductDto(row: typeof products.$inferSelect): Product {
  return {
    id: row.id,
    sellerId: row.sellerId,
    name: row.name,
    description: row.description,
    price: row.price,
    originalPrice: row.originalPrice,
    category: row.category,
    stockQuantity: row.stockQuantity,
    weightGrams: row.weightGrams,
    imageUrl: row.imageUrl,
    isActive: row.isActive,
    hsnCode: row.hsnCode ?? CATEGORY_TAX[row.category]?.hsnCode ?? '',
    gstRatePercent: row.gstRateBp !== null ? row.gstRateBp / 100 : (CATEGORY_TAX[row.category]?.gstRatePercent ?? 18),
    countryOfOrigin: row.countryOfOrigin,
    returnDays: returnDaysOf(row),
  };
}

/** GET /api/products/{id}: an active product and who sells it, from the seller's business details. */
export async function findProductPage(db: Db, id: string): Promise<ProductPage> {
  const [row] = await db
    .select({ product: products, storeName: sellers.storeName, business: sellerBusiness })
    .from(products)
    .innerJoin(sellers, eq(sellers.id, products.sellerId))
    .leftJoin(sellerBusiness, eq(sellerBusiness.sellerId, products.sellerId))
    .where(and(eq(products.id, id), eq(products.isActive, true)));
  if (!row) throw new HttpError(404, 'Product not found');
  const b = row.business;
  return {
    product: toProductDto(row.product),
    soldBy: {
      sellerId: row.product.sellerId,
      storeName: row.storeName,
      legalName: b?.legalName ?? null,
      address: b?.address ?? null,
      state: b ? gstStateName(b.stateCode) : null,
      gstin: b?.gstin ?? null,
      enrolmentNumber: b?.gstin ? null : (b?.enrolmentNumber ?? null),
    },
  };
}

/** The return window each product is sold with now, for the order lines that keep it. */
export async function returnDaysFor(tx: Db | Tx, productIds: readonly string[]): Promise<Map<string, number>> {
  if (!productIds.length) return new Map();
  const rows = await tx.select({ id: products.id, returnDays: products.returnDays, category: products.category }).from(products).where(inArray(products.id, [...productIds]));
  return new Map(rows.map((r) => [r.id, returnDaysOf(r)]));
}

export async function listActiveProducts(db: Db, sellerId: string): Promise<Product[]> {
  const rows = await db
    .select()
    .from(products)
    .where(and(eq(products.sellerId, sellerId), eq(products.isActive, true)))
    .orderBy(asc(products.createdAt));
  return rows.map(toProductDto);
}

export async function findProduct(db: Db, id: string): Promise<Product | null> {
  const [row] = await db.select().from(products).where(eq(products.id, id)).limit(1);
  return row ? toProductDto(row) : null;
}

type ParsedProductBody = Required<Pick<ProductBody, 'name' | 'price' | 'category'>> &
  Omit<ProductBody, 'stockQuantity' | 'isActive' | 'weightGrams' | 'countryOfOrigin'> & { stockQuantity: number; isActive?: boolean; weightGrams?: number; countryOfOrigin?: string };

async function sellerOf(db: Db, userId: string) {
  const [row] = await db.select({ id: sellers.id }).from(sellers).where(eq(sellers.userId, userId));
  if (!row) throw new HttpError(403, 'Only sellers can manage products. Create your store first.');
  return row.id;
}

function columns(body: ParsedProductBody) {
  return {
    name: body.name,
    searchKey: searchKey(body.name),
    description: body.description || null,
    price: body.price,
    originalPrice: body.originalPrice || null,
    category: body.category,
    stockQuantity: body.stockQuantity,
    isActive: body.isActive ?? true,
    ...(body.imageUrl !== undefined ? { imageUrl: body.imageUrl || null } : {}),
    ...(body.weightGrams !== undefined ? { weightGrams: body.weightGrams } : {}),
    ...(body.hsnCode !== undefined ? { hsnCode: body.hsnCode } : {}),
    ...(body.gstRatePercent !== undefined ? { gstRateBp: Math.round(body.gstRatePercent * 100) } : {}),
    ...(body.countryOfOrigin !== undefined ? { countryOfOrigin: body.countryOfOrigin } : {}),
    ...(body.returnDays !== undefined ? { returnDays: body.returnDays } : {}),
  };
}

export async function createProduct(db: Db, userId: string, body: ParsedProductBody): Promise<Product> {
  const sellerId = await sellerOf(db, userId);
  if (body.countryOfOrigin === undefined) throw new HttpError(400, 'Choose the country of origin');
  const [row] = await db.insert(products).values({ sellerId, ...columns(body) }).returning();
  return toProductDto(row!);
}

export async function updateProduct(db: Db, userId: string, id: string, body: ParsedProductBody): Promise<Product> {
  const sellerId = await sellerOf(db, userId);
  const [existing] = await db.select({ sellerId: products.sellerId }).from(products).where(eq(products.id, id));
  if (!existing) throw new HttpError(404, 'Product not found');
  if (existing.sellerId !== sellerId) throw new HttpError(403, 'This product belongs to another store');
  const [row] = await db.update(products).set({ ...columns(body), updatedAt: new Date() }).where(eq(products.id, id)).returning();
  return toProductDto(row!);
}

/** Shoppers see a store's active products; the store's owner sees all of them. */
export async function listSellerProducts(db: Db, sellerId: string, userId: string): Promise<Product[]> {
  const [owner] = await db.select({ userId: sellers.userId }).from(sellers).where(eq(sellers.id, sellerId));
  if (!owner) throw new HttpError(404, 'Seller not found');
  const where = owner.userId === userId ? eq(products.sellerId, sellerId) : and(eq(products.sellerId, sellerId), eq(products.isActive, true));
  const rows = await db.select().from(products).where(where).orderBy(desc(products.createdAt));
  return rows.map(toProductDto);
}
