export { uploadsRoutes } from './routes.js';
export { localStorage, type FileStorage } from './storage.js';
export { storeProductImage, PRODUCT_IMAGE_WIDTHS } from './service.js';
