export { streamsRoutes } from './routes.js';
export { streamsSocketHandler } from './socket.js';
export { createStreamsService, toStreamDto, StreamError, type StreamsService, type StreamMedia, type ReplayFacts } from './service.js';
export { toChatMessageDto } from './chat-dto.js';
export { createLiveStreamsCache, type LiveStreamsCache } from './live-cache.js';
export { streams, chatMessages, streamViewers } from './tables.js';
export { startStreamHousekeeping, sweepAbandonedStreams } from './housekeeping.js';
export { followersOnlyAnnouncements, type Announcements, type AnnouncedSeller, type AnnouncedStream } from './announcements.js';
export { lockOwnLiveShow, type LockedShow } from './owner-lock.js';
