export { notify, notifyFollowers, notifySelected, renderNotification, unreadCounts, type NewNotification } from './service.js';
export { createUnreadPush, type UnreadPush } from './push.js';
export { notificationsRoutes } from './routes.js';
