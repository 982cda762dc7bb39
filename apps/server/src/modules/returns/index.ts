export { createReturnsService, type ReturnsService } from './service.js';
export { createReturnPickups, type ReturnPickups } from './pickup.js';
export { returnsRoutes } from './routes.js';
export { returns, returnItems, returnEvents, returnPhotos, OPEN_RETURN_STATUSES } from './tables.js';
export { photosOwnedBy, recordReturnPhoto } from './service.js';
