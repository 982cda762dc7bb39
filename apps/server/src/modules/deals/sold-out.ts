import { HttpError } from '../../plugins/errors.js';
import type { Bus } from '../../realtime/bus.js';

const CHANNEL = 'deals:stock';
// How long an instance believes "sold out" without hearing it again. Messages from two instances may
// arrive out of order (a release overtaken by an older sold-out): a wrong refusal lasts at most this.
const SOLD_OUT_TTL_MS = 1000;

type StockEvent = { dealId: string } & ({ state: 'sold_out'; holders: string[] } | { state: 'available' } | { state: 'hold'; userId: string });

/**
 * Sold-out deals, known on every instance (decision 051): once any instance sees a deal's last unit go,
 * the others refuse its orders before they reach the deal row's lock. The lock still decides every unit;
 * this only spares it the crowd that cannot get one. A buyer holding a released unit is never refused here.
 */
export function createSoldOut(bus: Bus | undefined, now: () => number) {
  const deals = new Map<string, { until: number; holders: Set<string> }>();

  function hear(event: StockEvent) {
    if (event.state === 'sold_out') {
      if (deals.size >= 10_000) deals.clear();
      deals.set(event.dealId, { until: now() + SOLD_OUT_TTL_MS, holders: new Set(event.holders) });
    } else if (event.state === 'available') deals.delete(event.dealId);
    else deals.get(event.dealId)?.holders.add(event.userId);
  }

  const tell = (event: StockEvent) => {
    if (!bus) return hear(event);
    void bus.publish(CHANNEL, event).catch(() => {
      // Redis away: this instance heard it already (the bus delivers locally first); the others go to the lock.
    });
  };
  if (bus) {
    void bus.subscribe(CHANNEL, (payload) => hear(payload as StockEvent)).catch(() => {});
    // Messages sent while Redis was away are lost: believe nothing remembered from before.
    bus.onReconnect(() => deals.clear());
  }

  return {
    /** Throws the lock's own "Sold out" when this instance knows the deal has no unit for this buyer. */
    refuse(dealId: string, userId: string) {
      const known = deals.get(dealId);
      if (!known) return;
      if (known.until <= now()) deals.delete(dealId);
      else if (!known.holders.has(userId)) throw new HttpError(409, 'Sold out');
    },
    /** The deal's last unit went (or the lock found none): every instance, `holders` excepted. */
    soldOut(dealId: string, holders: string[]) {
      tell({ dealId, state: 'sold_out', holders });
    },
    /** Only this instance: the lock refused a buyer; the others learnt of it when the last unit went. */
    stillSoldOut(dealId: string, holders: string[]) {
      hear({ dealId, state: 'sold_out', holders });
    },
    /** A unit came back to the deal, or the deal ended (its own answer comes from the row). */
    available(dealId: string) {
      tell({ dealId, state: 'available' });
    },
    /** A released unit is held for this buyer: they may still buy it. */
    held(dealId: string, userId: string) {
      tell({ dealId, state: 'hold', userId });
    },
  };
}
