import type { FastifyInstance } from 'fastify';
import type { Db } from './db/client.js';
import type { Auth } from './modules/auth/index.js';
import { createFeedService, feedRoutes } from './modules/feed/index.js';
import { backfillSearchKeys, createSearchService, searchRoutes } from './modules/search/index.js';

// Issue 29, wired in one place: search and its suggestions, the For-you feed and the category pages.
export async function registerDiscovery(app: FastifyInstance, deps: { db: Db; auth: Auth; housekeeping: boolean }) {
  await app.register(feedRoutes, { auth: deps.auth, feed: createFeedService({ db: deps.db }) });
  await app.register(searchRoutes, { search: createSearchService({ db: deps.db }) });
  // Rows written before search existed get their keys in the background; search finds them as they do.
  if (deps.housekeeping) {
    void backfillSearchKeys(deps.db)
      .then((filled) => filled > 0 && app.log.info({ filled }, 'search keys written'))
      .catch((err: unknown) => app.log.error({ err }, 'writing search keys failed'));
  }
}
