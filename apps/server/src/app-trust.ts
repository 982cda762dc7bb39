import type { FastifyInstance } from 'fastify';
import type { Db } from './db/client.js';
import type { Auth } from './modules/auth/index.js';
import type { UnreadPush } from './modules/notifications/index.js';
import type { Config } from './config/env.js';
import { createReviewsService, reviewsRoutes } from './modules/reviews/index.js';
import { createSupportService, supportRoutes } from './modules/support/index.js';
import { privacyRoutes, type EndSession } from './modules/privacy/index.js';
import type { ModerationHub } from './modules/moderation/index.js';
import { registerAdmin } from './app-admin.js';

// Issue 28, wired in one place: verified reviews and the store's record, the grievance desk, privacy,
// and the operator console (app-admin.ts).
export async function registerTrust(app: FastifyInstance, deps: { db: Db; auth: Auth; config: Config; pushUnread: UnreadPush; endSession: EndSession; hub: ModerationHub }) {
  const reviews = createReviewsService({ db: deps.db, pushUnread: deps.pushUnread });
  await app.register(reviewsRoutes, { auth: deps.auth, reviews, db: deps.db });
  const support = createSupportService({ db: deps.db });
  await app.register(supportRoutes, { auth: deps.auth, support, trust: deps.config.trust });
  await app.register(privacyRoutes, { auth: deps.auth, db: deps.db, endSession: deps.endSession });
  await registerAdmin(app, deps);
  if (deps.config.env === 'production' && !deps.config.trust.grievanceOfficer.configured) {
    app.log.warn('GRIEVANCE_OFFICER_NAME, _EMAIL and _PHONE are not all set: /grievance shows placeholders');
  }
}
