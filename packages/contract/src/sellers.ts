import { z } from 'zod';
import { multiLine, singleLine } from './text.js';
import { VerificationLevel } from './catalog.js';

export const SellerId = z.object({ sellerId: z.uuid('Invalid seller id') });

export const Seller = z.object({
  id: z.uuid(),
  userId: z.uuid(),
  storeName: z.string(),
  description: z.string().nullable(),
  category: z.string().nullable(),
  followersCount: z.number().int(),
  totalSales: z.string(),
  isVerified: z.boolean(),
  verificationLevel: VerificationLevel,
});
export type Seller = z.infer<typeof Seller>;

/** GET /api/sellers/{id}: the public store, and whether the signed-in user follows it. */
export const SellerProfile = Seller.extend({ isFollowing: z.boolean() });
export type SellerProfile = z.infer<typeof SellerProfile>;

export const FollowReply = z.object({ isFollowing: z.boolean(), followersCount: z.number().int() });
export type FollowReply = z.infer<typeof FollowReply>;

// SPEC 5: seller registration.
export const CreateSellerBody = z.object({
  storeName: singleLine().min(2, 'Store name must be at least 2 characters').max(80, 'Store name is too long'),
  description: multiLine().min(10, 'Description must be at least 10 characters').max(1000, 'Description is too long'),
  category: z.enum(['jewelry', 'fashion'], { error: 'Please select a category' }),
});
export type CreateSellerBody = z.infer<typeof CreateSellerBody>;

/** GET /api/seller/dashboard: the figures on the seller's dashboard, computed from orders and products. */
export const SellerDashboard = z.object({
  followersCount: z.number().int(),
  /** Sum of paid or delivered order totals, rupees as a numeric string. */
  totalSales: z.string(),
  activeProducts: z.number().int(),
  liveStreamId: z.uuid().nullable(),
  /** Paid or delivered order totals of the current live stream (0 when none). */
  liveSales: z.string(),
  liveOrders: z.number().int(),
});
export type SellerDashboard = z.infer<typeof SellerDashboard>;
