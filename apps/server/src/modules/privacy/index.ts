export { exportUserData, userColumns } from './export.js';
export { privacyRoutes } from './routes.js';
export { consents, recordConsent, PRIVACY_NOTICE_VERSION } from './consents.js';
