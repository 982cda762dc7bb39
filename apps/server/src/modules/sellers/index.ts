export { toSellerDto, hasStore, sellerIdOfUser, storeOfUser } from './service.js';
export { sellersRoutes } from './routes.js';
export { sellers, follows, verificationSubmissions } from './tables.js';
export { reviewSubmission } from './review.js';
export { listSubmissions, storeOf } from './workspace.js';
export { sellerBusiness } from './tables.js';
export { checkDeliveryState } from './business.js';
