export { supportTickets, supportMessages } from './tables.js';
export { createSupportService, ticketDtos, ticketNumber, clocksOf, type SupportService } from './service.js';
export { supportRoutes } from './routes.js';
