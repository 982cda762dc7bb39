export { exportUserData, userColumns } from './export.js';
export { privacyRoutes } from './routes.js';
export { recordConsent, PRIVACY_NOTICE_VERSION } from './consents.js';
export { consents } from './tables.js';
