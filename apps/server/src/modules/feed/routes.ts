import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CategoryPage, CategoryPageQuery, CategorySlug, ErrorBody, ForYouFeed } from '@live-market/contract';
import { readSession, type Auth } from '../auth/index.js';
import type { FeedService } from './service.js';

const errors = { 400: ErrorBody, 404: ErrorBody };

// Public: Home shows the For-you row to everyone (ranked by popularity when signed out), and a category's
// shows and products are no secret. A session, when there is one, only personalises the answer.
export async function feedRoutes(base: FastifyInstance, opts: { auth: Auth; feed: FeedService }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { feed } = opts;
  const viewer = async (request: Parameters<typeof readSession>[1]) => (request.headers.cookie ? await readSession(opts.auth, request) : null);

  app.get('/api/feed/for-you', { schema: { response: { 200: ForYouFeed, ...errors } } }, async (request, reply) => {
    const user = await viewer(request);
    // Personal when signed in: no shared cache may keep one shopper's feed for another.
    return reply.header('cache-control', 'private, no-cache').send(await feed.forYou(user?.id ?? null));
  });

  app.get(
    '/api/categories/:slug',
    { schema: { params: CategorySlug, querystring: CategoryPageQuery, response: { 200: CategoryPage, ...errors } } },
    async (request) => feed.category(request.params.slug, request.query.cursor, (await viewer(request))?.id ?? null),
  );
}
