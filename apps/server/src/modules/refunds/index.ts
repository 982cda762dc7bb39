export { refunds } from './tables.js';
export { createRefundsService, toRefundDto, REFUND_JOB, type RefundsService, type OnRefund } from './service.js';
export type { RefundProvider, RefundRequest, RefundResult } from './provider.js';
export { refundsRoutes } from './routes.js';
