export { replaysRoutes } from './routes.js';
export { createReplaysService, type ReplaysService } from './service.js';
export { startReplaysHousekeeping } from './housekeeping.js';
export { hasReplay, replayStreamIds, replayViewCounts } from './repository.js';
