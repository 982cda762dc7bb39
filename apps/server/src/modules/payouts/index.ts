export { payoutAccounts, payoutHolds, payouts } from './tables.js';
export { createPayoutsService, toPayoutDto, PAYOUT_RUN_JOB, PAYOUT_SEND_JOB, type PayoutsService } from './service.js';
export { payoutsRoutes } from './routes.js';
export type { PayoutProvider, PayoutRequest, PayoutResult, PayoutDestination } from './provider.js';
