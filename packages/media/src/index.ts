// The embedded WHIP/WHEP SFU: werift peer connections in worker threads. Server-only: the web app
// never imports this package (enforced by ESLint).
import { SfuRouter } from './media-server.js';
import type { MediaServer, MediaServerOptions } from './types.js';

export { MediaError } from './errors.js';
export type { MediaLogger, MediaNodeStats, MediaServer, MediaServerOptions, MediaSession, PublisherStatus, PublishOptions, RecordingEvent, ViewerDelivery } from './types.js';
export { PUBLISHER_IDLE_MS } from './protocol.js';
export { JanusMedia, type JanusMediaOptions } from './janus/janus-media.js';

/** Starts the worker threads; resolves once every worker is ready to take sessions. */
export function createMediaServer(options?: MediaServerOptions): Promise<MediaServer> {
  return SfuRouter.start(options);
}
