export { addCredit, creditBalance, spendCredit, storeCreditOf } from './service.js';
export { storeCreditRoutes } from './routes.js';
export { storeCreditLines } from './tables.js';
