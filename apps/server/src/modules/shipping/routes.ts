import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AddressBody, Address, AwbParam, RedeliveryBody, CarrierParam, ErrorBody, OrderIdParam, ShipmentBody, ShipmentResult, ShippingQuote, ShippingQuoteQuery, SimAdvanceBody, Tracking } from '@live-market/contract';
import type { Db } from '../../db/client.js';
import { HttpError } from '../../plugins/errors.js';
import { currentUserId, requireUser, type Auth } from '../auth/index.js';
import type { Carrier } from './carrier.js';
import type { ParcelEvents } from './events.js';
import { renderLabel } from './label.js';
import { getPickupAddress, putPickupAddress } from './pickup.js';
import { quoteFor } from './quote.js';
import type { Shipper } from './shipments.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 502: ErrorBody };
const PickupAddress = Address.omit({ id: true });

export interface ShippingRoutesOptions {
  auth: Auth;
  db: Db;
  carrier: Carrier;
  shipper: Shipper;
  events: ParcelEvents;
  redeliver: (userId: string, orderId: string, body: RedeliveryBody) => Promise<Tracking>;
  codMaxPaise: number;
}

// Issue 27: the quote at checkout, the store's pickup address, shipping, labels, tracking, carrier webhooks.
export async function shippingRoutes(base: FastifyInstance, opts: ShippingRoutesOptions) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;
  const signedIn = requireUser(opts.auth);

  app.get('/api/shipping/quote', { schema: { querystring: ShippingQuoteQuery, response: { 200: ShippingQuote, ...errors } } }, (request) =>
    quoteFor({ db, carrier: opts.carrier, codMaxPaise: opts.codMaxPaise }, request.query),
  );

  app.get('/api/seller/pickup-address', { onRequest: signedIn, schema: { response: { 200: PickupAddress.nullable(), ...errors } } }, (request) =>
    getPickupAddress(db, currentUserId(request)),
  );
  app.put('/api/seller/pickup-address', { onRequest: signedIn, schema: { body: AddressBody, response: { 200: PickupAddress, ...errors } } }, (request) =>
    putPickupAddress(db, currentUserId(request), request.body),
  );

  app.post('/api/orders/:orderId/shipment', { onRequest: signedIn, schema: { params: OrderIdParam, body: ShipmentBody, response: { 200: ShipmentResult, ...errors } } }, (request) =>
    opts.shipper.ship(currentUserId(request), request.params.orderId, request.body),
  );
  app.get('/api/orders/:orderId/label', { onRequest: signedIn, schema: { params: OrderIdParam, response: { 200: z.any(), ...errors } } }, async (request, reply) => {
    const { row, orderRefs, items } = await opts.shipper.labelOf(currentUserId(request), request.params.orderId);
    const pdf = await renderLabel({
      awb: row.awb!,
      carrier: row.courierName ?? row.carrier,
      orderRefs,
      from: row.fromAddress,
      to: row.toAddress,
      codPaise: row.codPaise,
      weightGrams: row.weightGrams,
      dimensionsCm: { length: row.lengthCm, breadth: row.breadthCm, height: row.heightCm },
      shippedAt: row.bookedAt ?? row.createdAt,
      items,
    });
    return reply
      .header('cache-control', 'private, no-store')
      .header('content-disposition', `inline; filename="label-${row.awb!.replace(/[^A-Za-z0-9-]/g, '_')}.pdf"`)
      .type('application/pdf')
      .send(pdf);
  });
  app.get('/api/orders/:orderId/tracking', { onRequest: signedIn, schema: { params: OrderIdParam, response: { 200: Tracking, ...errors } } }, (request) =>
    opts.events.tracking(currentUserId(request), request.params.orderId),
  );

  app.post('/api/orders/:orderId/redelivery', { onRequest: signedIn, schema: { params: OrderIdParam, body: RedeliveryBody, response: { 200: Tracking, ...errors } } }, (request) =>
    opts.redeliver(currentUserId(request), request.params.orderId, request.body),
  );

  // The carrier calls this: no session, no Origin; its secret (checked in constant time) is the proof.
  const Counts = z.object({ stored: z.number(), duplicate: z.number(), unknown: z.number() });
  const take = async (headers: Record<string, string | string[] | undefined>, body: unknown) => {
    const events = opts.carrier.parseWebhook(headers, body);
    if (events === null) throw new HttpError(401, 'Invalid webhook secret');
    return opts.events.receive(events);
  };
  app.post('/api/shipping/webhooks/:carrier', { schema: { params: CarrierParam, response: { 200: Counts, ...errors } } }, async (request) => {
    if (request.params.carrier !== opts.carrier.name) throw new HttpError(404, 'Not found');
    return take(request.headers, request.body);
  });
  // Shiprocket refuses webhook URLs that contain "shiprocket" (or "sr", "kr"): this one is for its panel.
  app.post('/api/shipping/courier-events', { schema: { response: { 200: Counts, ...errors } } }, (request) => take(request.headers, request.body));

  app.post('/api/shipping/sim/:awb/advance', { onRequest: signedIn, schema: { params: AwbParam, body: SimAdvanceBody, response: { 200: z.object({ ok: z.literal(true) }), ...errors } } }, async (request) => {
    await opts.events.simAdvance(request.params.awb, request.body.to);
    return { ok: true as const };
  });
}
