export { PushAgent } from './agent.js';
export { pushRoutes } from './routes.js';
export { createPushSender, type PushPolicy, type PushSender } from './sender.js';
export { pushSubscriptions } from './tables.js';
