import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorBody, SearchQuery, SearchResults, SearchSuggestions, SuggestQuery } from '@live-market/contract';
import type { SearchService } from './service.js';

const errors = { 400: ErrorBody };

// Public, signed out too: what is for sale and who sells it is no secret. The global per-client
// rate limit applies (plugins/limits), which bounds how hard one client can make the database work.
export async function searchRoutes(base: FastifyInstance, opts: { search: SearchService }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { search } = opts;

  app.get('/api/search', { schema: { querystring: SearchQuery, response: { 200: SearchResults, ...errors } } }, async (request) => {
    const { q, type, cursor } = request.query;
    return search.search(q, type, cursor);
  });

  app.get('/api/search/suggest', { schema: { querystring: SuggestQuery, response: { 200: SearchSuggestions, ...errors } } }, async (request) =>
    search.suggest(request.query.q),
  );
}
