export { checkPincode } from './check.js';
export { distanceKm, findPincode, type PincodeInfo } from './directory.js';
export { pincodesRoutes } from './routes.js';
