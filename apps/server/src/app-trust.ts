import type { FastifyInstance } from 'fastify';
import type { Db } from './db/client.js';
import type { Auth } from './modules/auth/index.js';
import { createReviewsService, reviewsRoutes } from './modules/reviews/index.js';

// Issue 28, wired in one place: verified reviews and the store's trust figures.
export async function registerTrust(app: FastifyInstance, deps: { db: Db; auth: Auth }) {
  const reviews = createReviewsService({ db: deps.db });
  await app.register(reviewsRoutes, { auth: deps.auth, reviews, db: deps.db });
}
