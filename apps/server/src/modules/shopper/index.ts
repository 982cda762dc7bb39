export { notify, type NewNotification } from './service.js';
export { notifications, orders, orderItems, wishlistItems } from './tables.js';
export { shopperRoutes } from './routes.js';
