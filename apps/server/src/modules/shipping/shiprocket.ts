import { timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { BookedShipment, Carrier, CarrierEvent, ParcelStatus, ShipmentRequest } from './carrier.js';
import {
  AssignedAwb,
  CreatedOrder,
  OrderList,
  Pickup,
  Serviceability,
  ShipmentDetails,
  ShiprocketError,
  istOrderDate,
  paiseToRupees,
  parseIstTime,
  person,
  rupeesToPaise,
  shiprocketApi,
  type Courier,
} from './shiprocket-api.js';
import { ndrReattempt } from './shiprocket-ndr.js';

// Shiprocket behind the Carrier interface (docs: https://apidocs.shiprocket.in). Booking is
// create order → assign AWB → generate pickup; none of these takes an idempotency key and a second
// "create custom order" with the same order_id makes a second order, so `book` first looks its reference
// up (GET /v1/external/orders?search= takes the channel order_id) and carries on from where an earlier
// attempt stopped (GET /v1/external/shipments/{id} tells whether the AWB and pickup were done).

export interface ShiprocketOptions {
  /** The API user (Settings → API), not the panel login. Also the e-mail put on orders: see `contact`. */
  email: string;
  password: string;
  /** https://apiv2.shiprocket.in, or a local fake in tests. */
  baseUrl: string;
  /** The security token set on the tracking webhook; Shiprocket sends it as `x-api-key`. */
  webhookToken: string;
  /** The name of the pickup address registered in Shiprocket that forward parcels leave from. */
  pickupLocation: string;
}

/**
 * Shiprocket's shipment status codes (the table under "Tracking" / "Shipments" in the docs, the codes of
 * a webhook's shipment_status_id and of each scan's sr-status) onto ours, with the docs' labels. A code
 * not listed (1 AWB assigned, 5 manifest generated, 8 cancelled, 12 lost, 13 pickup error, 20 pickup
 * exception, 23 partial delivered, 24 destroyed, 25 damaged, 39 misrouted, …) makes no event.
 */
const STATUSES: [code: number, label: string, status: ParcelStatus][] = [
  [3, 'PICKUP SCHEDULED', 'pickup_scheduled'],
  [4, 'PICKUP QUEUED', 'pickup_scheduled'],
  [15, 'PICKUP RESCHEDULED', 'pickup_scheduled'],
  [19, 'OUT FOR PICKUP', 'pickup_scheduled'],
  [42, 'PICKED UP', 'picked_up'],
  [6, 'SHIPPED', 'picked_up'],
  [18, 'IN TRANSIT', 'in_transit'],
  [22, 'DELAYED', 'in_transit'],
  [38, 'REACHED AT DESTINATION HUB', 'in_transit'],
  [48, 'REACHED WAREHOUSE', 'in_transit'],
  [17, 'OUT FOR DELIVERY', 'out_for_delivery'],
  [21, 'UNDELIVERED', 'delivery_failed'],
  [7, 'DELIVERED', 'delivered'],
  [9, 'RTO INITIATED', 'rto_initiated'],
  [40, 'RTO NDR', 'rto_initiated'],
  [41, 'RTO OFD', 'rto_initiated'],
  [46, 'RTO IN TRANSIT', 'rto_initiated'],
  [10, 'RTO DELIVERED', 'returned_to_origin'],
  [14, 'RTO ACKNOWLEDGED', 'returned_to_origin'],
];
const STATUS_BY_CODE = new Map(STATUSES.map(([code, , status]) => [code, status]));
const CODE_BY_LABEL = new Map(STATUSES.map(([code, label]) => [label, code]));
const SHIPMENT_CANCELLED = 8;

const code = z.union([z.number().int(), z.string().trim().regex(/^\d+$/).transform(Number)]);
/** A scan; its sr-status may be "NA" (no status), and its location still tells where the parcel is. */
const Scan = z.object({ date: z.string(), location: z.string().nullish(), 'sr-status': z.union([code, z.string()]).nullish() });
// The webhook body (docs: "Webhooks" in the collection's description, sample included).
const Webhook = z.object({
  awb: z.union([z.string().trim().min(1), z.number().int()]).transform(String),
  current_status: z.string().nullish(),
  shipment_status: z.string().nullish(),
  shipment_status_id: code.nullish(),
  current_timestamp: z.string(),
  scans: z.array(z.unknown()).nullish(),
});

/** Shiprocket order ids are at most 50 characters ("Max char: 50"). */
const ORDER_ID_MAX = 50;
const RETURN_LIST_PAGES = 20;
const PER_PAGE = 100;

const kg = (grams: number) => Number((grams / 1000).toFixed(3));
const etaOf = (c: Courier) => (typeof c.estimated_delivery_days === 'number' ? c.estimated_delivery_days : 0);
const asId = (id: string) => (/^\d+$/.test(id) ? Number(id) : id);
const itemsPaise = (req: ShipmentRequest) => req.items.reduce((sum, i) => sum + i.units * i.unitPricePaise, 0);

/** The cheapest courier, among those collecting cash when `cod` and any does. Compared in paise. */
function cheapest(list: Courier[], cod: boolean): Courier | undefined {
  const pool = cod && list.some((c) => c.cod === 1) ? list.filter((c) => c.cod === 1) : list;
  return pool.reduce<Courier | undefined>((best, c) => (!best || rupeesToPaise(c.rate) < rupeesToPaise(best.rate) ? c : best), undefined);
}

/** The x-api-key header equals the token, compared in constant time. No token set: nothing passes. */
function tokenMatches(headers: Record<string, string | string[] | undefined>, expected: string): boolean {
  const entry = Object.entries(headers).find(([k]) => k.toLowerCase() === 'x-api-key');
  const given = entry?.[1];
  if (!expected || typeof given !== 'string') return false;
  const a = Buffer.from(given, 'utf8');
  const b = Buffer.from(expected, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

export function shiprocketCarrier(opts: ShiprocketOptions, fetchFn: typeof fetch): Carrier {
  const call = shiprocketApi(opts, fetchFn);
  // The interface carries no e-mail for the buyer, and Shiprocket requires one on every order
  // (billing_email, pickup_email, shipping_email): the API user's own address stands in.
  const contact = opts.email;

  async function couriers(q: { from: string; to: string; grams: number; cod: boolean; valuePaise: number; isReturn?: boolean; cm?: [number, number, number] }): Promise<Courier[]> {
    const query: Record<string, string | number> = { pickup_postcode: q.from, delivery_postcode: q.to, weight: kg(q.grams), cod: q.cod ? 1 : 0, declared_value: Math.ceil(q.valuePaise / 100) };
    if (q.isReturn) query.is_return = 1;
    if (q.cm) Object.assign(query, { length: q.cm[0], breadth: q.cm[1], height: q.cm[2] });
    const res = await call('GET', '/v1/external/courier/serviceability/', Serviceability, { query });
    return res.data && !Array.isArray(res.data) ? (res.data.available_courier_companies ?? []) : [];
  }

  /** The live Shiprocket order made for this reference by an earlier attempt, if any. */
  async function findOrder(req: ShipmentRequest): Promise<{ orderId: string; shipmentId: string } | null> {
    const matches: z.infer<typeof OrderList>['data'] = [];
    // Forward orders are found by `search` ("Search for AWB or by Channel order_id"). Return orders
    // have their own list, which the docs give no search for: it is read page by page.
    for (let page = 1; page <= (req.kind === 'forward' ? 1 : RETURN_LIST_PAGES); page += 1) {
      const list =
        req.kind === 'forward'
          ? await call('GET', '/v1/external/orders', OrderList, { query: { search: req.reference, per_page: PER_PAGE } })
          : await call('GET', '/v1/external/orders/processing/return', OrderList, { query: { page, per_page: PER_PAGE } });
      // `search` also matches parts of ids and AWBs: only the exact order_id counts.
      matches.push(...list.data.filter((o) => o.channel_order_id === req.reference));
      const pages = list.meta?.pagination?.total_pages ?? 1;
      if (matches.length || page >= pages) break;
    }
    const live = matches.filter((o) => !/^CANCEL/i.test(o.status ?? ''));
    if (!live.length && matches.length) {
      throw new Error(`Shiprocket order ${req.reference} was cancelled, and Shiprocket takes no new order with the order_id of a cancelled one`);
    }
    // Two live orders for one reference can only be an earlier double booking: the one furthest along wins.
    const order = live.sort((a, b) => Number(!!b.shipments?.[0]?.awb) - Number(!!a.shipments?.[0]?.awb) || Number(a.id) - Number(b.id))[0];
    if (!order) return null;
    const shipmentId = order.shipment_id ?? order.shipments?.[0]?.id;
    if (!shipmentId) throw new ShiprocketError(`Shiprocket lists order ${req.reference} (${order.id}) without a shipment`, 200);
    return { orderId: order.id, shipmentId };
  }

  async function shipmentState(shipmentId: string) {
    const { data } = await call('GET', `/v1/external/shipments/${encodeURIComponent(shipmentId)}`, ShipmentDetails);
    if (data.status === SHIPMENT_CANCELLED) throw new Error(`Shiprocket shipment ${shipmentId} was cancelled`);
    return {
      awb: data.awb ? String(data.awb) : null,
      courierName: data.courier ?? null,
      courierId: data.sr_courier_id != null ? Number(data.sr_courier_id) : null,
      pickupAsked: !!data.pickup_token_number || !!data.pickup_generated_date,
    };
  }

  function orderBody(req: ShipmentRequest) {
    const items = req.items.map((i) => ({ name: i.name, sku: i.sku, units: i.units, selling_price: paiseToRupees(i.unitPricePaise) }));
    const parcel = { length: req.lengthCm, breadth: req.breadthCm, height: req.heightCm, weight: kg(req.weightGrams) };
    const common = { order_id: req.reference, order_date: istOrderDate(req.orderDate), order_items: items, ...parcel };
    if (req.kind === 'return') {
      // A reverse pickup: pickup_* is the buyer, shipping_* the seller it goes back to. "payment_method:
      // This should always be prepaid."
      const sub_total = paiseToRupees(itemsPaise(req));
      return { ...common, ...person('pickup', req.from, contact), ...person('shipping', req.to, contact), payment_method: 'Prepaid', sub_total };
    }
    // Shiprocket does not add the total up ("Be sure to input the correct calculated sub_total"); it is
    // the value of the order and, for COD, what the courier collects, so a COD order's sub_total is the cash.
    const sub_total = paiseToRupees(req.codPaise > 0 ? req.codPaise : itemsPaise(req));
    return {
      ...common,
      pickup_location: opts.pickupLocation,
      ...person('billing', req.to, contact),
      shipping_is_billing: true,
      payment_method: req.codPaise > 0 ? 'COD' : 'Prepaid',
      sub_total,
    };
  }

  async function create(req: ShipmentRequest) {
    const path = req.kind === 'forward' ? '/v1/external/orders/create/adhoc' : '/v1/external/orders/create/return';
    const made = await call('POST', path, CreatedOrder, { body: orderBody(req) });
    const state = { awb: made.awb_code || null, courierName: made.courier_name ?? null, courierId: null, pickupAsked: false };
    return { order: { orderId: made.order_id, shipmentId: made.shipment_id }, state };
  }

  return {
    name: 'shiprocket',

    async quote(req) {
      const list = await couriers({ from: req.pickupPincode, to: req.deliveryPincode, grams: req.weightGrams, cod: req.cod, valuePaise: req.declaredValuePaise });
      const best = cheapest(list, req.cod);
      if (!best) return { deliverable: false, codAvailable: false, etaDays: 0, feePaise: 0 };
      return { deliverable: true, codAvailable: req.cod ? best.cod === 1 : list.some((c) => c.cod === 1), etaDays: etaOf(best), feePaise: rupeesToPaise(best.rate) };
    },

    async book(req): Promise<BookedShipment> {
      if (req.kind === 'return' && req.codPaise > 0) throw new Error('A Shiprocket return is always prepaid: it cannot collect cash');
      if (!req.reference || req.reference.length > ORDER_ID_MAX) throw new Error(`A Shiprocket order_id is 1 to ${ORDER_ID_MAX} characters: ${req.reference}`);
      const cod = req.codPaise > 0;
      let order = await findOrder(req);
      let state = order ? await shipmentState(order.shipmentId) : null;
      if (!order || !state) {
        try {
          ({ order, state } = await create(req));
        } catch (err) {
          // Shiprocket refuses a second return with the same order_id ("The order id has already been
          // taken."): the first was made and its answer lost before the list showed it.
          const taken = err instanceof ShiprocketError && err.status === 422 && (err.errors.order_id ?? []).some((m) => /already been taken/i.test(m));
          if (req.kind !== 'return' || !taken) throw err;
          order = await findOrder(req);
          if (!order) throw new Error(`Shiprocket says return ${req.reference} exists, but its return list does not show it`, { cause: err });
          state = await shipmentState(order.shipmentId);
        }
      }
      const list = await couriers({
        from: req.from.pincode, to: req.to.pincode, grams: req.weightGrams, cod, valuePaise: itemsPaise(req), isReturn: req.kind === 'return', cm: [req.lengthCm, req.breadthCm, req.heightCm],
      });
      let { awb, courierName } = state;
      let etaDays: number;
      if (!awb) {
        // The courier the quote priced (the cheapest), not Shiprocket's own pick.
        const chosen = cheapest(list, cod);
        if (!chosen || (cod && chosen.cod !== 1)) throw new Error(`Shiprocket has no courier${cod ? ' collecting cash' : ''} from ${req.from.pincode} to ${req.to.pincode}`);
        const res = await call('POST', '/v1/external/courier/assign/awb', AssignedAwb, { body: { shipment_id: asId(order.shipmentId), courier_id: chosen.courier_company_id } });
        const data = res.response?.data;
        if (res.awb_assign_status !== 1 || data?.awb_code == null || data.awb_code === '') {
          throw new ShiprocketError(`Shiprocket assigned no AWB to shipment ${order.shipmentId}: ${data?.awb_assign_error || res.message || 'no reason given'}`, 200);
        }
        awb = String(data.awb_code);
        courierName = data.courier_name ?? chosen.courier_name;
        etaDays = etaOf(chosen);
      } else {
        const known = state.courierId;
        const same = list.find((c) => c.courier_company_id === known) ?? list.find((c) => c.courier_name === courierName) ?? cheapest(list, cod);
        etaDays = same ? etaOf(same) : 0;
      }
      if (!state.pickupAsked) {
        const res = await call('POST', '/v1/external/courier/generate/pickup', Pickup, { body: { shipment_id: [asId(order.shipmentId)] } });
        if (res.pickup_status !== 1) throw new ShiprocketError(`Shiprocket did not schedule the pickup of shipment ${order.shipmentId}: ${res.message || 'no reason given'}`, 200);
      }
      return { awb, courierName: courierName ?? '', providerOrderId: order.orderId, providerShipmentId: order.shipmentId, trackingUrl: `https://shiprocket.co/tracking/${encodeURIComponent(awb)}`, etaDays };
    },

    // After a failed delivery: an NDR action on the AWB (shiprocket-ndr.ts).
    reattempt: ndrReattempt(call),

    // A body that is not a Shiprocket tracking update (the token was right, so it came from Shiprocket)
    // gives no events rather than null: null is kept for a wrong token, which the route answers 401.
    parseWebhook(headers, body) {
      if (!tokenMatches(headers, opts.webhookToken)) return null;
      const parsed = Webhook.safeParse(body);
      if (!parsed.success) return [];
      const w = parsed.data;
      const scans = (w.scans ?? []).flatMap((s) => {
        const scan = Scan.safeParse(s);
        const at = scan.success ? parseIstTime(scan.data.date) : null;
        const status = scan.success ? scan.data['sr-status'] : null;
        return scan.success && at ? [{ code: typeof status === 'number' ? status : -1, location: scan.data.location ?? '', at }] : [];
      });
      const events: CarrierEvent[] = scans.flatMap((s) => {
        const status = STATUS_BY_CODE.get(s.code);
        return status ? [{ awb: w.awb, status, location: s.location, at: s.at }] : [];
      });
      // The current status is shipment_status_id: the docs' own sample sends current_status_id 20 with
      // "IN TRANSIT", where the table's 20 is PICKUP EXCEPTION, so current_status_id is not that table's.
      const label = (t: string | null | undefined) => CODE_BY_LABEL.get((t ?? '').trim().toUpperCase());
      const current = STATUS_BY_CODE.get(w.shipment_status_id ?? label(w.shipment_status) ?? label(w.current_status) ?? -1);
      const at = parseIstTime(w.current_timestamp);
      const latest = scans.reduce<(typeof scans)[number] | undefined>((a, s) => (!a || s.at >= a.at ? s : a), undefined);
      if (current && at) events.push({ awb: w.awb, status: current, location: latest?.location ?? '', at });
      const seen = new Set<string>();
      return events
        .filter((e) => {
          const key = `${e.status}|${e.at.getTime()}|${e.location}`;
          return !seen.has(key) && !!seen.add(key);
        })
        .sort((a, b) => a.at.getTime() - b.at.getTime());
    },
  };
}
