export { paymentsRoutes } from './routes.js';
export { createPaymentsService, type PaymentsService, type OutcomeHandler } from './service.js';
export { coinsOutcome } from './coins.js';
export { startPaymentsHousekeeping } from './housekeeping.js';
export { payments, paymentWebhookEvents } from './tables.js';
export { hmacHex, RAZORPAY_ORDERS_URL, type FetchLike } from './razorpay.js';
