import { z } from 'zod';

// SPEC section 3: product categories; 'home' is shown as Home & Garden.
export const PRODUCT_CATEGORIES = ['fashion', 'jewelry', 'electronics', 'home', 'beauty', 'sports'] as const;
export const ProductCategory = z.enum(PRODUCT_CATEGORIES);
export type ProductCategory = z.infer<typeof ProductCategory>;

// Seller registration offers Jewelry and Fashion only.
export const SELLER_CATEGORIES = ['jewelry', 'fashion'] as const;
export const SellerCategory = z.enum(SELLER_CATEGORIES);
export type SellerCategory = z.infer<typeof SellerCategory>;

export const VERIFICATION_LEVELS = ['none', 'basic', 'silver', 'gold', 'diamond'] as const;
export const VerificationLevel = z.enum(VERIFICATION_LEVELS);
export type VerificationLevel = z.infer<typeof VerificationLevel>;

export const ORDER_STATUSES = ['pending', 'confirmed', 'shipped', 'delivered', 'cancelled'] as const;
export const OrderStatus = z.enum(ORDER_STATUSES);
export type OrderStatus = z.infer<typeof OrderStatus>;

export const PAYMENT_STATUSES = ['pending', 'paid', 'failed', 'refunded'] as const;
export const PaymentStatus = z.enum(PAYMENT_STATUSES);
export type PaymentStatus = z.infer<typeof PaymentStatus>;

// store_credit: a refund kept as credit pays an order it covers in full (issue 26).
export const PAYMENT_METHODS = ['upi', 'card', 'wallet', 'cod', 'store_credit'] as const;
export const PaymentMethod = z.enum(PAYMENT_METHODS);
export type PaymentMethod = z.infer<typeof PaymentMethod>;

export const NOTIFICATION_TYPES = ['stream_start', 'order_update', 'follow', 'promotion'] as const;

export { GIFTS, type GiftId } from './constants.js';
