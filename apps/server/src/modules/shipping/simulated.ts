import { createHash, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { ParcelStatus } from '@live-market/contract';
import { distanceKm, findPincode } from '../pincodes/index.js';
import type { Carrier, CarrierEvent, Quote, QuoteRequest } from './carrier.js';

// The default carrier: answers like a courier aggregator would, from the distance between the two
// pincodes, and books at once. It moves its parcels along by itself (service.ts steps them).

/** Far islands where couriers take no cash at the door. */
const NO_COD_STATES = new Set(['Andaman and Nicobar Islands', 'Lakshadweep']);

/** A rate card like a small seller's on an aggregator: a base by distance, then per extra 500 g. */
export function simulatedQuote(req: QuoteRequest): Quote {
  const to = findPincode(req.deliveryPincode);
  const km = distanceKm(req.pickupPincode, req.deliveryPincode);
  if (!to || km === null) return { deliverable: false, codAvailable: false, etaDays: 0, feePaise: 0 };
  const [base, etaDays] = km < 50 ? [40, 2] : km < 500 ? [55, 3] : km < 1500 ? [70, 5] : [85, 7];
  const extraHalfKilos = Math.max(0, Math.ceil(req.weightGrams / 500) - 1);
  const remote = to.states.some((s) => NO_COD_STATES.has(s));
  return { deliverable: true, codAvailable: !remote, etaDays: remote ? etaDays + 3 : etaDays, feePaise: (base + extraHalfKilos * 25) * 100 };
}

/** AWB numbers look like a courier's: 12 digits, fixed by our reference so a retry gets the same one. */
export function simulatedAwb(reference: string): string {
  const digits = BigInt(`0x${createHash('sha256').update(reference).digest('hex').slice(0, 15)}`) % 10n ** 11n;
  return `9${digits.toString().padStart(11, '0')}`;
}

const SimEvent = z.object({ awb: z.string().min(1).max(40), status: ParcelStatus, location: z.string().max(120).default(''), at: z.iso.datetime({ offset: true }) });
const SimWebhook = z.object({ events: z.array(SimEvent).min(1).max(500) });

function sameSecret(given: string | undefined, secret: string): boolean {
  const a = Buffer.from(given ?? '');
  const b = Buffer.from(secret);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function simulatedCarrier(opts: { webhookSecret: string; publicUrl: string }): Carrier {
  return {
    name: 'simulated',
    async quote(req) {
      return simulatedQuote(req);
    },
    async book(req) {
      const awb = simulatedAwb(req.reference);
      const quote = simulatedQuote({ pickupPincode: req.from.pincode, deliveryPincode: req.to.pincode, weightGrams: req.weightGrams, cod: req.codPaise > 0, declaredValuePaise: 0 });
      return {
        awb,
        courierName: 'LiveMarket Express',
        providerOrderId: req.reference,
        providerShipmentId: req.reference,
        trackingUrl: `${opts.publicUrl}/orders?track=${awb}`,
        etaDays: quote.etaDays || 5,
      };
    },
    // Nothing to ask: the simulated courier's next visit is scheduled with its other steps (redelivery.ts).
    async reattempt() {},
    // The same shape our own bench and tests send: { events: [{ awb, status, location, at }] }, secret in x-carrier-secret.
    parseWebhook(headers, body): CarrierEvent[] | null {
      const given = headers['x-carrier-secret'];
      if (!sameSecret(Array.isArray(given) ? given[0] : given, opts.webhookSecret)) return null;
      const parsed = SimWebhook.safeParse(body);
      if (!parsed.success) return [];
      return parsed.data.events.map((e) => ({ awb: e.awb, status: e.status, location: e.location, at: new Date(e.at) }));
    },
  };
}
