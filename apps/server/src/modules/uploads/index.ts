export { uploadsRoutes } from './routes.js';
export { localStorage, type FileStorage } from './storage.js';
export { storeProductImage } from './service.js';
