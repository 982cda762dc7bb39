export { toSellerDto, hasStore, sellerIdOfUser, storeOfUser } from './service.js';
export { sellersRoutes } from './routes.js';
export { sellers, follows, verificationSubmissions } from './tables.js';
export { reviewSubmission } from './review.js';
export { listSubmissions } from './workspace.js';
