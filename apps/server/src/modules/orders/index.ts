export { ordersRoutes } from './routes.js';
export { createOrdersService, type OrdersService } from './service.js';
export type { OrderCod, OrderMoney, OrderParcels, OrderPayments, PushUnread } from './ports.js';
export { createOrderStatusService, type OrderStatusService, type ParcelMove } from './status.js';
export { orderRef, toOrderDto } from './details.js';
export { cartItems, addresses, orderEvents } from './tables.js';
export { ORDER_PAY_BY_JOB, type OrderDeals, type OrderAuctions } from './ports.js';
export { findOwnAddress } from './addresses-service.js';
export { findOrder } from './details.js';
