export { createAuth, type Auth, AUTH_BASE_PATH } from './auth.js';
export { createOtpSender, type OtpSender } from './otp-delivery.js';
export { authRoutes } from './routes.js';
export { identityRoutes } from './identity-routes.js';
export {
  requireUser,
  currentUserId,
  readSession,
  pinSession,
  trustRememberedSessionsWhile,
  forgetSessionId,
  forgetAllSessions,
  type SessionUser,
} from './session.js';
export { NAMELESS, activeSessionIds, displayName, findDisplayName } from './service.js';
export { placeholderEmailFor, isPlaceholderEmail } from './placeholder-email.js';
export { user, session, account, verification, operatorGrants } from './tables.js';
export { isOperator, grantOperator, suspensionOf } from './operators.js';
