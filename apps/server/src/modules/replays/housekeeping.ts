import type { FastifyBaseLogger } from 'fastify';
import type { ReplaysService } from './service.js';

const FIRST_SWEEP_MS = 60_000;
const SWEEP_EVERY_MS = 60 * 60_000;

/**
 * Deletes recordings older than RECORDING_RETENTION_DAYS, a minute after start and then hourly. Every
 * instance sweeps; each recording is claimed by one of them (repository's claimExpired).
 */
export function startReplaysHousekeeping(opts: { replays: ReplaysService; retentionDays: number; log: FastifyBaseLogger }) {
  const { replays, retentionDays, log } = opts;
  const sweep = () =>
    void replays
      .sweepExpired(retentionDays)
      .then((deleted) => deleted.length && log.info({ streams: deleted, retentionDays }, 'deleted recordings past their retention'))
      .catch((err) => log.error({ err }, 'recording retention sweep failed'));
  const first = setTimeout(sweep, FIRST_SWEEP_MS);
  const every = setInterval(sweep, SWEEP_EVERY_MS);
  first.unref();
  every.unref();
  return () => {
    clearTimeout(first);
    clearInterval(every);
  };
}
