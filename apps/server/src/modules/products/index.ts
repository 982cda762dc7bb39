export { toProductDto, listActiveProducts, findProduct, returnDaysFor } from './service.js';
export { productsRoutes } from './routes.js';
export { products } from './tables.js';
