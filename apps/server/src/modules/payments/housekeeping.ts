import type { FastifyBaseLogger } from 'fastify';
import type { PaymentsService } from './service.js';

const PAYMENT_SWEEP_MS = 60_000;

/** Fails payments left open past PAYMENT_TIMEOUT_MINUTES, so their reserved stock goes back on sale. */
export function startPaymentsHousekeeping(opts: { payments: PaymentsService; log: FastifyBaseLogger }) {
  const timer = setInterval(() => {
    opts.payments
      .sweep()
      .then((n) => n && opts.log.info({ payments: n }, 'failed payments that were not completed in time'))
      .catch((err) => opts.log.error({ err }, 'payment sweep failed'));
  }, PAYMENT_SWEEP_MS);
  timer.unref();
  return () => clearInterval(timer);
}
