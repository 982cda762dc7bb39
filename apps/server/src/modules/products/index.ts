export { toProductDto, listActiveProducts, findProduct } from './service.js';
export { productsRoutes } from './routes.js';
export { products } from './tables.js';
