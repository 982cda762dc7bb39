import { Counter, Histogram, type Registry } from 'prom-client';

/**
 * What the money and parcel modules report as it happens. Made before those modules (they take the
 * plain callbacks, never prom-client), and put on the app's registry once it exists.
 */
export interface OutcomeMetrics {
  /** A payment settled, after its transaction committed. */
  payment(outcome: 'captured' | 'failed'): void;
  /** A payout the provider paid or refused, after its transaction committed. */
  payout(outcome: 'paid' | 'failed'): void;
  /** A carrier's tracking event, stored the first time: the moment it happened at the carrier. */
  carrierEvent(at: Date): void;
  register(registry: Registry): void;
}

export function createOutcomeMetrics(): OutcomeMetrics {
  // registers: [] keeps them off prom-client's global registry: many apps live in one test process.
  const payments = new Counter({ name: 'livemarket_payments_total', help: 'Payments settled, by outcome', labelNames: ['outcome'], registers: [] });
  const payouts = new Counter({ name: 'livemarket_payouts_total', help: 'Payouts the provider paid or refused, by outcome', labelNames: ['outcome'], registers: [] });
  const lag = new Histogram({
    name: 'livemarket_carrier_webhook_lag_seconds',
    help: "A carrier webhook's receipt time minus the carrier's event time",
    // Carriers batch and retry: from seconds to a day.
    buckets: [1, 5, 15, 60, 300, 900, 3600, 4 * 3600, 24 * 3600],
    registers: [],
  });
  // Zero from the start, so a rate() sees the first failure as an increase.
  for (const outcome of ['succeeded', 'failed']) payments.inc({ outcome }, 0);
  for (const outcome of ['paid', 'failed']) payouts.inc({ outcome }, 0);
  return {
    payment: (outcome) => payments.inc({ outcome: outcome === 'captured' ? 'succeeded' : 'failed' }),
    payout: (outcome) => payouts.inc({ outcome }),
    // A carrier clock ahead of ours would make a negative lag: it counts as none.
    carrierEvent: (at) => lag.observe(Math.max(0, (Date.now() - at.getTime()) / 1000)),
    register(registry) {
      for (const metric of [payments, payouts, lag]) registry.registerMetric(metric);
    },
  };
}
