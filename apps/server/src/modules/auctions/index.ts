export { createAuctionsService, type AuctionsService } from './service.js';
export { createWinners, type Winners } from './winners.js';
export { auctionsRoutes } from './routes.js';
export { auctions, auctionBids } from './tables.js';
