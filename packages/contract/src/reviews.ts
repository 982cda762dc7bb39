import { z } from 'zod';
import { multiLine } from './text.js';
import { RETURN_PHOTO_URL, RETURN_PHOTOS_MAX } from './shipping.js';

// Issue 28: reviews by the buyers of delivered items, once per item; the store replies once.
export const REVIEW_TEXT_MAX = 1000;
export const REVIEW_REPLY_MAX = 1000;
export const REVIEWS_PAGE_SIZE = 20;

export const CreateReviewBody = z.object({
  orderItemId: z.uuid('Invalid order item id'),
  rating: z
    .number({ error: 'Choose 1 to 5 stars' })
    .int('Choose 1 to 5 stars')
    .min(1, 'Choose 1 to 5 stars')
    .max(5, 'Choose 1 to 5 stars'),
  text: multiLine().max(REVIEW_TEXT_MAX, 'Your review is too long').optional().default(''),
  // A shopper's photos are uploaded like a return's (POST /api/uploads/return-photo) and must be theirs.
  photoUrls: z.array(z.string().regex(RETURN_PHOTO_URL, 'Upload the photo first')).max(RETURN_PHOTOS_MAX, 'At most 5 photos').optional().default([]),
});
export type CreateReviewBody = z.input<typeof CreateReviewBody>;

export const ReplyBody = z.object({
  text: multiLine().min(1, 'Write your reply').max(REVIEW_REPLY_MAX, 'Your reply is too long'),
});
export type ReplyBody = z.infer<typeof ReplyBody>;

export const ReviewIdParam = z.object({ id: z.uuid('Invalid review id') });
export const ReviewsQuery = z.object({ cursor: z.string().max(200).optional() });

export const Review = z.object({
  id: z.uuid(),
  orderItemId: z.uuid(),
  rating: z.number().int(),
  text: z.string(),
  photoUrls: z.array(z.string()),
  /** First name and the initial of the last, as reviews are shown; null once the account is erased (the app says "Deleted user"). */
  buyerName: z.string().nullable(),
  productName: z.string(),
  createdAt: z.iso.datetime(),
  reply: z.object({ text: z.string(), at: z.iso.datetime() }).nullable(),
});
export type Review = z.infer<typeof Review>;
export const ReviewList = z.array(Review);

/** The average of `count` ratings adding up to `total`, to one decimal as shown; null with none. */
export const ratingAverage = (total: number, count: number): number | null => (count > 0 ? Math.round((total * 10) / count) / 10 : null);

/** A store's rating: the average of its reviews (one decimal), how many, and how many gave each star (1 to 5). */
export const StoreRating = z.object({
  average: z.number().nullable(),
  count: z.number().int(),
  distribution: z.tuple([z.number().int(), z.number().int(), z.number().int(), z.number().int(), z.number().int()]),
});
export type StoreRating = z.infer<typeof StoreRating>;

/** GET /api/sellers/{id}/reviews: the rating and a page of reviews, newest first. */
export const StoreReviews = StoreRating.extend({ reviews: ReviewList, nextCursor: z.string().nullable() });
export type StoreReviews = z.infer<typeof StoreReviews>;

/**
 * How the store keeps its word (the last 90 days): the share of its parcels handed to the courier within
 * two days of the order, and of its orders the store cancelled. Null until it has enough orders to say.
 */
export const StoreTrust = z.object({
  rating: StoreRating,
  onTimeShippingRate: z.number().nullable(),
  cancellationRate: z.number().nullable(),
});
export type StoreTrust = z.infer<typeof StoreTrust>;
