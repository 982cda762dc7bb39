import { and, desc, eq } from 'drizzle-orm';
import type { WishlistItem } from '@live-market/contract';
import type { Db } from '../../db/client.js';
import { HttpError } from '../../plugins/errors.js';
import { products } from '../products/index.js';
import { wishlistItems } from '../shopper/tables.js';

const columns = {
  id: wishlistItems.id,
  productId: products.id,
  name: products.name,
  description: products.description,
  imageUrl: products.imageUrl,
  price: products.price,
  originalPrice: products.originalPrice,
  isActive: products.isActive,
  stockQuantity: products.stockQuantity,
  createdAt: wishlistItems.createdAt,
};

function selectItems(db: Db) {
  return db.select(columns).from(wishlistItems).innerJoin(products, eq(products.id, wishlistItems.productId));
}

type Row = Awaited<ReturnType<typeof selectItems>>[number];

function toDto({ isActive, stockQuantity, createdAt, ...row }: Row): WishlistItem {
  return { ...row, isAvailable: isActive && stockQuantity > 0, createdAt: createdAt.toISOString() };
}


/** Newest first. */
export async function listWishlist(db: Db, userId: string): Promise<WishlistItem[]> {
  const rows = await selectItems(db).where(eq(wishlistItems.userId, userId)).orderBy(desc(wishlistItems.createdAt), desc(wishlistItems.id));
  return rows.map(toDto);
}

/** Idempotent: adding a product twice keeps one item and returns it (created: false). */
export async function addToWishlist(db: Db, userId: string, productId: string): Promise<{ item: WishlistItem; created: boolean }> {
  const [product] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, productId), eq(products.isActive, true)));
  if (!product) throw new HttpError(404, 'Product not found');
  // ON CONFLICT on (user, product): two taps racing still make one row.
  const inserted = await db.insert(wishlistItems).values({ userId, productId }).onConflictDoNothing().returning({ id: wishlistItems.id });
  const [row] = await selectItems(db).where(and(eq(wishlistItems.userId, userId), eq(wishlistItems.productId, productId)));
  if (!row) throw new HttpError(404, 'Product not found');
  return { item: toDto(row), created: inserted.length > 0 };
}

/** Only the owner's item: anyone else's id answers 404. */
export async function removeFromWishlist(db: Db, userId: string, id: string): Promise<void> {
  const deleted = await db
    .delete(wishlistItems)
    .where(and(eq(wishlistItems.id, id), eq(wishlistItems.userId, userId)))
    .returning({ id: wishlistItems.id });
  if (!deleted.length) throw new HttpError(404, 'Wishlist item not found');
}
