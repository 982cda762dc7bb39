export { reviews, storeRatings } from './tables.js';
export { addToRating, createReviewsService, ratingOf, toRating, reviewerName, type ReviewsService } from './service.js';
export { reviewsRoutes } from './routes.js';
export { trustOf } from './trust.js';
