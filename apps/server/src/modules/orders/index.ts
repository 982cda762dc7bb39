export { ordersRoutes } from './routes.js';
export { createOrdersService, type OrdersService, type OrderPayments } from './service.js';
export { createOrderStatusService, type OrderStatusService, type PushUnread } from './status.js';
export { orderRef, toOrderDto } from './details.js';
export { cartItems, addresses, orderEvents } from './tables.js';
