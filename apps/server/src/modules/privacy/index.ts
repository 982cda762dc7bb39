export { exportUserData, userColumns } from './export.js';
export { privacyRoutes } from './routes.js';
