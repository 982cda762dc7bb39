export { createDealsService, type DealsService, type DealTake } from './service.js';
export { dealsRoutes } from './routes.js';
export { deals, dealWaitlist } from './tables.js';
