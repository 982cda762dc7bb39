import { z } from 'zod';
import { wholeNumber } from './amounts.js';
import { IndianState } from './orders.js';
import { multiLine } from './text.js';
import { ParcelStatus, ReturnStatus } from './catalog.js';

// Issue 27: parcels. Pincodes, the carrier's quote, shipments and their tracking, returns.

const pincode = z.string().trim().regex(/^[1-9]\d{5}$/, 'Enter a 6-digit PIN code');

export const PincodeParam = z.object({ pincode });
/** GET /api/pincodes/{pincode}: India Post's directory. */
export const PincodeInfo = z.object({ pincode: z.string(), district: z.string(), state: IndianState });
export type PincodeInfo = z.infer<typeof PincodeInfo>;

export const ShippingQuoteQuery = z.object({
  productId: z.uuid('Invalid product id'),
  quantity: wholeNumber(z.number().int().min(1, 'Quantity must be at least 1').max(10, 'At most 10 of one product per order')).default(1),
  pincode,
});
export type ShippingQuoteQuery = z.input<typeof ShippingQuoteQuery>;

/** The carrier's answer for one parcel; shippingFee in rupees ("49" or "49.50"). */
export const ShippingQuote = z.object({ deliverable: z.boolean(), codAvailable: z.boolean(), etaDays: z.number().int(), shippingFee: z.string() });
export type ShippingQuote = z.infer<typeof ShippingQuote>;

const size = (max: number, message: string) => wholeNumber(z.number(message).int(message).min(1, message).max(max, message));
export const ShipmentBody = z.object({
  weightGrams: size(30_000, 'Enter the weight in grams, 1 to 30000'),
  lengthCm: size(150, 'Enter each side in cm, 1 to 150'),
  breadthCm: size(150, 'Enter each side in cm, 1 to 150'),
  heightCm: size(150, 'Enter each side in cm, 1 to 150'),
});
export type ShipmentBody = z.input<typeof ShipmentBody>;


/** POST /api/orders/{id}/shipment: the parcel the order went into (with any others of the same buyer and show). */
export const ShipmentResult = z.object({ awb: z.string(), carrier: z.string(), trackingUrl: z.string(), orderIds: z.array(z.uuid()) });
export type ShipmentResult = z.infer<typeof ShipmentResult>;

export const TrackingEvent = z.object({ status: ParcelStatus, location: z.string(), at: z.iso.datetime() });
export type TrackingEvent = z.infer<typeof TrackingEvent>;
/** GET /api/orders/{id}/tracking. etaDate is a calendar day in India (2026-12-02). */
export const Tracking = z.object({
  awb: z.string(),
  carrier: z.string(),
  trackingUrl: z.string(),
  status: ParcelStatus,
  etaDate: z.string().nullable(),
  events: z.array(TrackingEvent),
});
export type Tracking = z.infer<typeof Tracking>;

/** POST /api/orders/{id}/redelivery: "Try again tomorrow", at the same address or one of the buyer's others. */
export const RedeliveryBody = z.object({ addressId: z.uuid('Choose a delivery address').optional() });
export type RedeliveryBody = z.infer<typeof RedeliveryBody>;

export const AwbParam = z.object({ awb: z.string().trim().min(1).max(40) });
/** Development only: moves a simulated parcel at once to a later status. */
export const SimAdvanceBody = z.object({ to: ParcelStatus });
export const CarrierParam = z.object({ carrier: z.enum(['simulated', 'shiprocket']) });

// ---- Returns ----

export const RETURN_REASONS = ['damaged', 'wrong_item', 'not_as_described', 'size', 'changed_mind'] as const;
export const ReturnReason = z.enum(RETURN_REASONS, 'Choose why you are returning it');
export type ReturnReason = z.infer<typeof ReturnReason>;
/** A seller may not refuse these for good: the buyer can take the refusal to the operator. */
export const ESCALATABLE_REASONS: readonly ReturnReason[] = ['damaged', 'wrong_item', 'not_as_described'];


/** Where a return's photo lives once uploaded (POST /api/uploads/return-photo): one WebP of our own naming. */
export const RETURN_PHOTO_URL = /^\/uploads\/returns\/[0-9a-f-]{36}\.webp$/;
/** POST /api/uploads/return-photo (raw image body) → 201 with the photo's address. */
export const UploadedReturnPhoto = z.object({ url: z.string().regex(RETURN_PHOTO_URL) });
export type UploadedReturnPhoto = z.infer<typeof UploadedReturnPhoto>;
export const RETURN_PHOTOS_MAX = 5;

export const CreateReturnBody = z.object({
  items: z
    .array(z.object({ orderItemId: z.uuid('Invalid order item'), quantity: wholeNumber(z.number().int().min(1, 'Quantity must be at least 1').max(10, 'Quantity must be at least 1')) }))
    .min(1, 'Choose what you are returning')
    .max(20, 'Choose what you are returning'),
  reason: ReturnReason,
  note: multiLine().max(500, 'At most 500 characters').optional().default(''),
  photoUrls: z.array(z.string().regex(RETURN_PHOTO_URL, 'Upload the photo first')).max(RETURN_PHOTOS_MAX, 'At most 5 photos').optional().default([]),
});
export type CreateReturnBody = z.input<typeof CreateReturnBody>;

export const ReturnIdParam = z.object({ id: z.uuid('Invalid return id') });
export const AnswerReturnBody = z.object({
  status: z.enum(['approved', 'rejected']),
  note: multiLine().max(500, 'At most 500 characters').optional().default(''),
});
export type AnswerReturnBody = z.input<typeof AnswerReturnBody>;

export const ReturnItem = z.object({ orderItemId: z.uuid(), name: z.string(), quantity: z.number().int() });
export const ReturnRequest = z.object({
  id: z.uuid(),
  orderId: z.uuid(),
  status: ReturnStatus,
  awb: z.string().nullable(),
  items: z.array(ReturnItem),
  reason: ReturnReason,
  note: z.string(),
  photoUrls: z.array(z.string()),
  sellerNote: z.string(),
  /** The refund once the parcel is back: its amount in rupees and where it stands. */
  refund: z.object({ amount: z.string(), status: z.string() }).nullable(),
  createdAt: z.iso.datetime(),
});
export type ReturnRequest = z.infer<typeof ReturnRequest>;
export const ReturnList = z.array(ReturnRequest);
