import { and, asc, eq, sql } from 'drizzle-orm';
import { CART_MAX_QUANTITY, paiseToRupees, rupeesToPaise, type Cart } from '@live-market/contract';
import type { Db, Tx } from '../../db/client.js';
import { HttpError } from '../../plugins/errors.js';
import { products } from '../products/index.js';
import { sellers } from '../sellers/index.js';
import { cartItems } from './tables.js';

type Conn = Db | Tx;

/** 'Out of stock' or 'Only N left in stock': the one wording for every stock refusal. */
export function stockError(stock: number): HttpError {
  return stock <= 0 ? new HttpError(409, 'Out of stock') : new HttpError(409, 'Only {{stock}} left in stock', { stock });
}

export async function readCart(db: Conn, userId: string): Promise<Cart> {
  const rows = await db
    .select({ item: cartItems, product: products, storeName: sellers.storeName })
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .innerJoin(sellers, eq(sellers.id, products.sellerId))
    .where(eq(cartItems.userId, userId))
    .orderBy(asc(cartItems.createdAt), asc(cartItems.id));
  let total = 0;
  const items = rows.map(({ item, product, storeName }) => {
    if (product.isActive) total += rupeesToPaise(product.price) * item.quantity;
    return {
      id: item.id,
      productId: product.id,
      sellerId: product.sellerId,
      storeName,
      name: product.name,
      imageUrl: product.imageUrl,
      price: product.price,
      quantity: item.quantity,
      stockQuantity: product.stockQuantity,
      isActive: product.isActive,
    };
  });
  return { items, totalAmount: paiseToRupees(total) };
}

/** An active product someone else sells; 404 / 403 otherwise. */
async function buyableProduct(db: Conn, userId: string, productId: string) {
  const [row] = await db
    .select({ id: products.id, stockQuantity: products.stockQuantity, isActive: products.isActive, ownerId: sellers.userId })
    .from(products)
    .innerJoin(sellers, eq(sellers.id, products.sellerId))
    .where(eq(products.id, productId))
    .limit(1);
  if (!row || !row.isActive) throw new HttpError(404, 'Product not found');
  if (row.ownerId === userId) throw new HttpError(403, 'You cannot buy from your own store');
  return row;
}

function checkQuantity(quantity: number, stock: number) {
  if (quantity > stock) throw stockError(stock);
  if (quantity > CART_MAX_QUANTITY) throw new HttpError(409, 'At most {{max}} of one product per order', { max: CART_MAX_QUANTITY });
}

/** Adds to the product's line (one statement, so parallel adds never lose a unit), then checks the new total. */
export async function addToCart(db: Db, userId: string, body: { productId: string; quantity: number }): Promise<Cart> {
  return db.transaction(async (tx) => {
    const product = await buyableProduct(tx, userId, body.productId);
    const [line] = await tx
      .insert(cartItems)
      .values({ userId, productId: body.productId, quantity: body.quantity })
      .onConflictDoUpdate({ target: [cartItems.userId, cartItems.productId], set: { quantity: sql`${cartItems.quantity} + excluded.quantity` } })
      .returning({ quantity: cartItems.quantity });
    checkQuantity(line!.quantity, product.stockQuantity);
    return readCart(tx, userId);
  });
}

/** Puts products back in the cart, each capped by its stock and the per-product limit; returns how many lines it touched. */
export async function refillCart(tx: Tx, userId: string, lines: { productId: string; quantity: number }[]): Promise<number> {
  let added = 0;
  for (const line of lines) {
    const [p] = await tx.select().from(products).where(eq(products.id, line.productId)).limit(1);
    if (!p?.isActive || p.stockQuantity <= 0) continue;
    const cap = Math.min(p.stockQuantity, CART_MAX_QUANTITY);
    await tx
      .insert(cartItems)
      .values({ userId, productId: p.id, quantity: Math.min(line.quantity, cap) })
      .onConflictDoUpdate({
        target: [cartItems.userId, cartItems.productId],
        set: { quantity: sql`least(${cartItems.quantity} + excluded.quantity, ${cap}::int)` },
      });
    added += 1;
  }
  return added;
}

async function ownLine(db: Conn, userId: string, itemId: string) {
  const [row] = await db
    .select({ id: cartItems.id, productId: cartItems.productId })
    .from(cartItems)
    .where(and(eq(cartItems.id, itemId), eq(cartItems.userId, userId)))
    .limit(1);
  if (!row) throw new HttpError(404, 'Cart item not found');
  return row;
}

export async function setCartQuantity(db: Db, userId: string, itemId: string, quantity: number): Promise<Cart> {
  const line = await ownLine(db, userId, itemId);
  const [product] = await db.select({ stockQuantity: products.stockQuantity }).from(products).where(eq(products.id, line.productId));
  checkQuantity(quantity, product?.stockQuantity ?? 0);
  await db.update(cartItems).set({ quantity }).where(eq(cartItems.id, line.id));
  return readCart(db, userId);
}

export async function removeFromCart(db: Db, userId: string, itemId: string): Promise<Cart> {
  const line = await ownLine(db, userId, itemId);
  await db.delete(cartItems).where(eq(cartItems.id, line.id));
  return readCart(db, userId);
}
