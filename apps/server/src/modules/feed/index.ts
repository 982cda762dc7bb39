export { feedRoutes } from './routes.js';
export { createFeedService, type FeedService } from './service.js';
