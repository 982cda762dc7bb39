// notify() moved to the notifications module; re-exported for callers written before the move.
export { notify, type NewNotification } from '../notifications/index.js';
export { notifications, orders, orderItems, wishlistItems } from './tables.js';
