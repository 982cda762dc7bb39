export { invoices } from './tables.js';
export { createInvoicesService, type InvoicesService } from './service.js';
export { invoicesRoutes } from './routes.js';
export type { InvoiceData, InvoiceLine, InvoiceParty } from './data.js';
