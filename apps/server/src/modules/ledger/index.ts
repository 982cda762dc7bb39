export { ledgerLines, rates } from './tables.js';
export { paiseToRupeeString, mulDiv, taxableOf, saleLines } from './amounts.js';
export { postSale, postRefund, postCourierCharge, insertLines, gstRateBpOf } from './posting.js';
export { createRates, indianDay, rateBook, type Rates, type RateBook } from './rates.js';
export { balanceOf, payableSellers, type BalancePaise, type PayoutHold } from './balance.js';
export { createLedgerService, toLedgerLine, type LedgerService } from './service.js';
export { ledgerRoutes } from './routes.js';
export { statementCsv, csvField } from './statement.js';
export { gstr8Csv, form26qCsv } from './tax-reports.js';
