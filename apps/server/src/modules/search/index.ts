export { searchRoutes } from './routes.js';
export { createSearchService, type SearchService } from './service.js';
export { backfillSearchKeys } from './backfill.js';
export { searchKey } from './key.js';
export { createPopularity, popularityBonus, unitsSoldRecently, type Popularity } from './popularity.js';
