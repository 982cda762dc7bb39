import type { FastifyBaseLogger } from 'fastify';
import type { StreamsService } from './service.js';

const VIEWER_COUNT_FLUSH_MS = 5000;
const ABANDONED_SWEEP_MS = 10_000;

/**
 * A show is attended while this instance carries its camera (`publishing`) or has its seller's page in
 * the room; those are marked seen, then live streams nobody attended for the grace period
 * (SELLER_RECONNECT_GRACE_SECONDS, two minutes by default) are ended.
 */
export async function sweepAbandonedStreams(streams: StreamsService, publishing: string[], now = Date.now()): Promise<string[]> {
  const attended = [...new Set([...publishing, ...streams.attendedByOwner()])];
  await streams.touchPublishers(attended, new Date(now));
  return streams.endAbandoned(now);
}

/**
 * Background work for live streams on this instance: viewer counts reach the database every few
 * seconds (for lists), and streams whose publisher has been gone for the grace period are ended.
 */
export function startStreamHousekeeping(opts: {
  streams: StreamsService;
  viewerCounts: Map<string, number>;
  log: FastifyBaseLogger;
  publishingStreams?: () => string[];
}) {
  const { streams, viewerCounts, log } = opts;
  const flush = setInterval(() => {
    const pending = [...viewerCounts];
    viewerCounts.clear();
    void Promise.all(pending.map(([id, n]) => streams.saveViewerCount(id, n))).catch((err) => log.error({ err }, 'saving viewer counts failed'));
  }, VIEWER_COUNT_FLUSH_MS);
  const sweep = setInterval(() => {
    void sweepAbandonedStreams(streams, opts.publishingStreams?.() ?? [])
      .then((ended) => ended.length && log.info({ streams: ended }, 'ended streams whose publisher was gone'))
      .catch((err) => log.error({ err }, 'stream sweep failed'));
  }, ABANDONED_SWEEP_MS);
  flush.unref();
  sweep.unref();
  return () => {
    clearInterval(flush);
    clearInterval(sweep);
  };
}
