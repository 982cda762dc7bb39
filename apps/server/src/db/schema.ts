// Every table, gathered for drizzle and drizzle-kit. Each table lives in its module's tables.ts.
export * from '../modules/auth/tables.js';
export * from '../modules/sellers/tables.js';
export * from '../modules/products/tables.js';
export * from '../modules/streams/tables.js';
export * from '../modules/deals/tables.js';
export * from '../modules/auctions/tables.js';
export * from '../modules/engagement/tables.js';
export * from '../modules/shopper/tables.js';
export * from '../modules/orders/tables.js';
export * from '../modules/payments/tables.js';
export * from '../modules/moderation/tables.js';
export * from '../modules/push/tables.js';
export * from '../modules/media/tables.js';
export * from '../modules/ledger/tables.js';
export * from '../modules/refunds/tables.js';
export * from '../modules/payouts/tables.js';
export * from '../modules/invoices/tables.js';
