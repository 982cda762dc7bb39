import { z } from 'zod';

// SPEC 3 wishlist item: the product's name, description, image and prices (numeric strings).
export const WishlistItem = z.object({
  id: z.uuid(),
  productId: z.uuid(),
  name: z.string(),
  description: z.string().nullable(),
  imageUrl: z.string().nullable(),
  price: z.string(),
  originalPrice: z.string().nullable(),
  /** False once the seller stops selling it or it is out of stock: 'Add to Cart' is then disabled. */
  isAvailable: z.boolean(),
  createdAt: z.string(),
});
export type WishlistItem = z.infer<typeof WishlistItem>;
export const WishlistItemList = z.array(WishlistItem);

export const AddToWishlistBody = z.object({ productId: z.uuid('Invalid product id') });
export type AddToWishlistBody = z.infer<typeof AddToWishlistBody>;

export const WishlistItemIdParam = z.object({ id: z.uuid() });
