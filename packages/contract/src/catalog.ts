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

// The spec's five, then the parcel's own (issue 27): the carrier's tracking moves an order through them.
export const ORDER_STATUSES = ['pending', 'confirmed', 'shipped', 'out_for_delivery', 'delivered', 'delivery_failed', 'returned_to_origin', 'cancelled'] as const;
export const OrderStatus = z.enum(ORDER_STATUSES);
export type OrderStatus = z.infer<typeof OrderStatus>;

/** Where a parcel is (issue 27), in our words; each carrier's codes are mapped onto these. */
export const PARCEL_STATUSES = ['pickup_scheduled', 'picked_up', 'in_transit', 'out_for_delivery', 'delivery_failed', 'delivered', 'rto_initiated', 'returned_to_origin'] as const;
export const ParcelStatus = z.enum(PARCEL_STATUSES);
export type ParcelStatus = z.infer<typeof ParcelStatus>;

export const RETURN_STATUSES = ['requested', 'approved', 'rejected', 'pickup_scheduled', 'picked_up', 'received', 'refunded', 'escalated'] as const;
export const ReturnStatus = z.enum(RETURN_STATUSES);
export type ReturnStatus = z.infer<typeof ReturnStatus>;

export const PAYMENT_STATUSES = ['pending', 'paid', 'failed', 'refunded'] as const;
export const PaymentStatus = z.enum(PAYMENT_STATUSES);
export type PaymentStatus = z.infer<typeof PaymentStatus>;

// store_credit: a refund kept as credit pays an order it covers in full (issue 26).
export const PAYMENT_METHODS = ['upi', 'card', 'wallet', 'cod', 'store_credit'] as const;
export const PaymentMethod = z.enum(PAYMENT_METHODS);
export type PaymentMethod = z.infer<typeof PaymentMethod>;

export const NOTIFICATION_TYPES = ['stream_start', 'order_update', 'follow', 'promotion'] as const;

export { GIFTS, type GiftId } from './constants.js';
