export { exportUserData, userColumns } from './export.js';
export { privacyRoutes } from './routes.js';
export { recordConsent, PRIVACY_NOTICE_VERSION } from './consents.js';
export { consents } from './tables.js';
export { eraseAccount, ERASURE } from './erase.js';
export type { EndSession } from './routes.js';
export { closeStore } from './close-store.js';
