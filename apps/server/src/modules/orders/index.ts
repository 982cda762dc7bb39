export { ordersRoutes } from './routes.js';
export { createOrdersService, type OrdersService } from './service.js';
export type { OrderMoney, OrderPayments, PushUnread } from './ports.js';
export { createOrderStatusService, type OrderStatusService } from './status.js';
export { orderRef, toOrderDto } from './details.js';
export { cartItems, addresses, orderEvents } from './tables.js';
export { ORDER_PAY_BY_JOB, type OrderDeals, type OrderAuctions } from './ports.js';
