export { COD_CONFIRM_JOB, createCodConfirmations, type CodConfirmations, type CodMessenger } from './service.js';
export { codConfirmationsRoutes } from './routes.js';
export { codConfirmations } from './tables.js';
export { createCodMessenger } from './messenger.js';
