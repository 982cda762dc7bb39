import { randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// A local stand-in for the Shiprocket endpoints our carrier calls, on 127.0.0.1, built from the docs
// (https://apidocs.shiprocket.in): login issuing bearer tokens (which can be made to lapse), courier
// serviceability from a small table, custom (adhoc) and return orders, the order and return lists,
// shipment details, AWB assignment, pickup requests and NDR actions (accepted only while the shipment's
// last status is UNDELIVERED: see markUndelivered). Like the real one, a second "create custom
// order" with the same order_id makes ANOTHER order and shipment; a second return with the same
// order_id is refused ("The order id has already been taken.", as the docs show). It can be told to
// fail the next call to a route, before or after it takes effect. Errors have Shiprocket's shape:
// {message, errors?, status_code}. Where the docs show no answer for a case, the wording here is made up
// and marked so.

type Json = Record<string, unknown>;
export interface FakeRequest { method: string; path: string; query: URLSearchParams; headers: IncomingHttpHeaders; body: Json }
interface Answer { status: number; body: unknown }
interface Failure { method?: string; route: string | RegExp; status: number | 'network'; afterEffect: boolean; body?: unknown }

export interface FakeCourier { courier_company_id: number; courier_name: string; rate: number; cod: 0 | 1; estimated_delivery_days: string }
export interface FakeShipment {
  id: number;
  order_id: number;
  awb: string | null;
  courier: string | null;
  sr_courier_id: number | null;
  awb_assign_date: string | null;
  pickup_token_number: string | null;
  pickup_generated_date: string | null;
  /** A code of the shipment status table (1 AWB assigned, 3 pickup scheduled, 8 cancelled, …). */
  status: number;
}
export interface FakeOrder { id: number; kind: 'forward' | 'return'; channel_order_id: string; status: string; body: Json; shipment: FakeShipment }

/** Rates in rupees as Shiprocket sends them; 35.05 and 48.85 are floats that drift when multiplied by 100. */
export const FAKE_COURIERS: FakeCourier[] = [
  { courier_company_id: 43, courier_name: 'Delhivery Surface', rate: 54.3, cod: 1, estimated_delivery_days: '4' },
  { courier_company_id: 51, courier_name: 'Xpressbees Surface', rate: 35.05, cod: 0, estimated_delivery_days: '5' },
  { courier_company_id: 1, courier_name: 'Blue Dart', rate: 112.1, cod: 1, estimated_delivery_days: '2' },
  { courier_company_id: 19, courier_name: 'Ecom Express Surface', rate: 48.85, cod: 1, estimated_delivery_days: '6' },
];

const invalid = (errors: Record<string, string[]>, message = 'Oops! Invalid Data.'): Answer => ({ status: 422, body: { message, errors, status_code: 422 } });
const refused = (message: string, status = 400): Answer => ({ status, body: { message, status_code: status } });
/** Shipment status 21 in the docs' table: the courier tried and could not deliver, which raises an NDR. */
const UNDELIVERED = 21;
const ok = (body: unknown): Answer => ({ status: 200, body });
const digits = (v: unknown, n: number) => (typeof v === 'string' || typeof v === 'number') && new RegExp(`^\\d{${n}}$`).test(String(v));
const positive = (v: unknown, min = 0) => (typeof v === 'number' || (typeof v === 'string' && v.trim() !== '')) && Number(v) > min;
const istNow = () => new Date(Date.now() + 5.5 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');

/** The documented "required" list of each create call: a missing one is a 422 naming it. */
const REQUIRED = {
  forward: ['order_id', 'order_date', 'pickup_location', 'billing_customer_name', 'billing_address', 'billing_city', 'billing_pincode', 'billing_state', 'billing_country', 'billing_email', 'billing_phone', 'shipping_is_billing', 'order_items', 'payment_method', 'sub_total', 'length', 'breadth', 'height', 'weight'],
  return: ['order_id', 'order_date', 'pickup_customer_name', 'pickup_address', 'pickup_city', 'pickup_state', 'pickup_country', 'pickup_pincode', 'pickup_email', 'pickup_phone', 'shipping_customer_name', 'shipping_address', 'shipping_city', 'shipping_country', 'shipping_pincode', 'shipping_state', 'shipping_phone', 'order_items', 'payment_method', 'sub_total', 'length', 'breadth', 'height', 'weight'],
} as const;

export async function startShiprocketFake(opts: { email?: string; password?: string; pickupLocations?: string[] } = {}) {
  const email = opts.email ?? 'api-user@seller.example';
  const password = opts.password ?? 'fake-password';
  const pickupLocations = opts.pickupLocations ?? ['Primary'];
  const tokens = new Set<string>();
  const issuedTokens: string[] = [];
  const orders: FakeOrder[] = [];
  const requests: FakeRequest[] = [];
  const failures: Failure[] = [];
  /** The NDR actions taken, oldest first (a refused one is only in `requests`). */
  const ndrActions: { awb: string; body: Json }[] = [];
  /** Couriers by delivery pincode; a pincode not listed gets FAKE_COURIERS. */
  const routes = new Map<string, FakeCourier[]>();
  let nextId = 470_000_000;

  function couriersFor(delivery: string): FakeCourier[] {
    return routes.get(delivery) ?? FAKE_COURIERS;
  }

  function serviceability(q: URLSearchParams): Answer {
    const errors: Record<string, string[]> = {};
    if (!digits(q.get('pickup_postcode'), 6)) errors.pickup_postcode = ['The pickup postcode must be 6 digits.'];
    if (!digits(q.get('delivery_postcode'), 6)) errors.delivery_postcode = ['The delivery postcode must be 6 digits.'];
    if (!positive(q.get('weight') ?? '')) errors.weight = ['The weight field is required when order id is not present.'];
    if (q.get('cod') !== '0' && q.get('cod') !== '1') errors.cod = ['The cod field is required when order id is not present.'];
    if (Object.keys(errors).length) return invalid(errors, 'Required field missing');
    const list = couriersFor(q.get('delivery_postcode')!);
    // Not serviceable: the docs show no example; this is the shape of the endpoint's documented "Invalid-Data" answer.
    if (!list.length) return ok({ status: 404, message: `Delivery postcode ${q.get('delivery_postcode')} is not serviceable` });
    const available = list.map((c, i) => ({ ...c, id: 459_245_934 + i, freight_charge: c.rate, cod_charges: 0, etd: '', etd_hours: Number(c.estimated_delivery_days) * 24, postcode: q.get('delivery_postcode'), min_weight: 0.5 }));
    return ok({ currency: 'INR', status: 200, data: { available_courier_companies: available, recommended_courier_company_id: list[0]!.courier_company_id } });
  }

  function createOrder(kind: 'forward' | 'return', b: Json): Answer {
    const errors: Record<string, string[]> = {};
    for (const field of REQUIRED[kind]) if (b[field] === undefined || b[field] === null || b[field] === '') errors[field] = [`The ${field.replace(/_/g, ' ')} field is required.`];
    const prefix = kind === 'forward' ? 'billing' : 'pickup';
    if (!errors[`${prefix}_pincode`] && !digits(b[`${prefix}_pincode`], 6)) errors[`${prefix}_pincode`] = ['The pincode must be 6 digits.'];
    if (!errors[`${prefix}_phone`] && !digits(b[`${prefix}_phone`], 10)) errors[`${prefix}_phone`] = ['The phone must be 10 digits.'];
    for (const d of ['length', 'breadth', 'height']) if (!errors[d] && !positive(b[d], 0.5)) errors[d] = [`The ${d} must be more than 0.5.`];
    if (!errors.weight && !positive(b.weight)) errors.weight = ['The weight must be more than 0.'];
    const items = Array.isArray(b.order_items) ? (b.order_items as Json[]) : [];
    if (!errors.order_items && (!items.length || items.some((i) => !i.name || !i.sku || !positive(i.units) || !positive(i.selling_price)))) errors.order_items = ['Each item needs a name, sku, units and selling_price.'];
    const method = String(b.payment_method ?? '').toLowerCase();
    if (!errors.payment_method && !(kind === 'return' ? ['prepaid'] : ['prepaid', 'cod']).includes(method)) errors.payment_method = ['The selected payment method is invalid.'];
    // Made-up wording: the docs say only that the location "cannot be a new location".
    if (kind === 'forward' && !errors.pickup_location && !pickupLocations.includes(String(b.pickup_location))) errors.pickup_location = ['Pickup location does not exist.'];
    if (kind === 'return' && orders.some((o) => o.kind === 'return' && o.channel_order_id === String(b.order_id))) errors.order_id = ['The order id has already been taken.'];
    if (Object.keys(errors).length) return invalid(errors);
    const id = (nextId += 1);
    const shipment: FakeShipment = { id: id + 100_000, order_id: id, awb: null, courier: null, sr_courier_id: null, awb_assign_date: null, pickup_token_number: null, pickup_generated_date: null, status: 0 };
    const order: FakeOrder = { id, kind, channel_order_id: String(b.order_id), status: kind === 'forward' ? 'NEW' : 'RETURN PENDING', body: b, shipment };
    orders.push(order);
    if (kind === 'return') return ok({ order_id: id, shipment_id: shipment.id, status: 'RETURN PENDING', status_code: 21, company_name: 'shiprocket' });
    return ok({ order_id: id, shipment_id: shipment.id, status: 'NEW', status_code: 1, onboarding_completed_now: 0, awb_code: null, courier_company_id: null, courier_name: null });
  }

  function page(list: unknown[], q: URLSearchParams, path: string): Answer {
    const perPage = Math.max(1, Number(q.get('per_page') ?? 15));
    const current = Math.max(1, Number(q.get('page') ?? 1));
    const totalPages = Math.max(1, Math.ceil(list.length / perPage));
    const data = list.slice((current - 1) * perPage, current * perPage);
    const links = current < totalPages ? { next: `${path}?page=${current + 1}` } : {};
    return ok({ data, meta: { pagination: { total: list.length, count: data.length, per_page: perPage, current_page: current, total_pages: totalPages, links } } });
  }

  const shipmentOf = (id: unknown) => orders.find((o) => String(o.shipment.id) === String(id));
  const listed = (o: FakeOrder) => ({
    id: o.id,
    channel_id: 76893,
    channel_name: 'CUSTOM',
    channel_order_id: o.channel_order_id,
    status: o.status,
    payment_method: String(o.body.payment_method).toLowerCase(),
    shipments: [{ id: o.shipment.id, courier: o.shipment.courier ?? '', awb: o.shipment.awb ?? '', pickup_scheduled_date: o.shipment.pickup_generated_date, pickup_token_number: o.shipment.pickup_token_number }],
  });

  function assignAwb(b: Json): Answer {
    if (b.shipment_id === undefined || b.shipment_id === '') return invalid({ shipment_id: ['The shipment id field is required.'] }, 'Required field missing');
    const order = shipmentOf(b.shipment_id);
    if (!order) return refused('Invalid shipment id'); // made-up wording
    if (order.shipment.awb) return refused('Oops! Cannot reassign courier for this shipment.');
    const cod = String(order.body.payment_method).toLowerCase() === 'cod';
    const delivery = String(order.kind === 'forward' ? order.body.billing_pincode : order.body.shipping_pincode);
    const possible = couriersFor(delivery).filter((c) => !cod || c.cod === 1);
    const courier = b.courier_id === undefined ? possible[0] : possible.find((c) => c.courier_company_id === Number(b.courier_id));
    if (!courier) return refused('Selected courier is not serviceable for this shipment'); // made-up wording
    Object.assign(order.shipment, { awb: String(19_041_424_751_540 + order.id), courier: courier.courier_name, sr_courier_id: courier.courier_company_id, awb_assign_date: istNow(), status: 1 });
    order.status = order.kind === 'forward' ? 'READY TO SHIP' : 'RETURN AWB ASSIGNED';
    return ok({
      awb_assign_status: 1,
      response: { data: { courier_company_id: courier.courier_company_id, awb_code: order.shipment.awb, cod: cod ? 1 : 0, order_id: order.id, shipment_id: order.shipment.id, awb_code_status: 1, assigned_date_time: { date: order.shipment.awb_assign_date, timezone_type: 3, timezone: 'Asia/Kolkata' }, applied_weight: Number(order.body.weight), courier_name: courier.courier_name } },
    });
  }

  function pickup(b: Json): Answer {
    // "Only one shipment_id can be passed at a time", as an array.
    if (!Array.isArray(b.shipment_id) || b.shipment_id.length !== 1) return invalid({ shipment_id: ['The shipment id must be an array of one id.'] });
    const order = shipmentOf(b.shipment_id[0]);
    if (!order || !order.shipment.awb) return refused('Invalid shipment id');
    if (order.shipment.pickup_token_number) return refused('Already in Pickup Queue.'); // made-up wording
    Object.assign(order.shipment, { pickup_token_number: `Reference No: ${randomBytes(4).toString('hex')}`, pickup_generated_date: istNow(), status: 3 });
    order.status = order.kind === 'forward' ? 'PICKUP SCHEDULED' : 'RETURN PICKUP SCHEDULED';
    const data = `Pickup is confirmed by ${order.shipment.courier} For AWB :- ${order.shipment.awb}`;
    return ok({ pickup_status: 1, response: { pickup_scheduled_date: order.shipment.pickup_generated_date, pickup_token_number: order.shipment.pickup_token_number, status: 3, pickup_generated_date: { date: order.shipment.pickup_generated_date, timezone_type: 3, timezone: 'Asia/Kolkata' }, data } });
  }

  // POST /v1/external/ndr/{awb}/action, from the docs' parameter table; they show only the success (202).
  // The refusals' wording below is made up, and so is reading "in NDR" as "last status 21 UNDELIVERED".
  function ndrAction(awb: string, b: Json): Answer {
    const errors: Record<string, string[]> = {};
    if (!b.action) errors.action = ['The action field is required.'];
    else if (!['fake-attempt', 're-attempt', 'return'].includes(String(b.action))) errors.action = ['The selected action is invalid.'];
    if (!b.comments) errors.comments = ['The comments field is required.'];
    for (const f of ['comments', 'phone', 'address1', 'address2', 'deferred_date']) if (b[f] !== undefined && typeof b[f] !== 'string') errors[f] = [`The ${f} must be a string.`];
    if (!errors.phone && b.phone !== undefined && !digits(b.phone, 10)) errors.phone = ['The phone must be 10 digits.'];
    if (b.action === 'fake-attempt' && !b.remarks) errors.remarks = ['The remarks field is required for a fake attempt.'];
    if (Object.keys(errors).length) return invalid(errors);
    const order = orders.find((o) => o.shipment.awb === awb);
    if (!order) return refused(`AWB ${awb} not found`, 404);
    if (order.shipment.status !== UNDELIVERED) return refused(`AWB ${awb} is not in NDR. Action can be taken only on NDR shipments.`, 422);
    ndrActions.push({ awb, body: b });
    return { status: 202, body: { status: 'Data Updated Sucessfully' } };
  }

  function route(r: FakeRequest): Answer {
    const p = r.path.replace(/\/+$/, '');
    if (r.method === 'GET' && p === '/v1/external/courier/serviceability') return serviceability(r.query);
    if (r.method === 'POST' && p === '/v1/external/orders/create/adhoc') return createOrder('forward', r.body);
    if (r.method === 'POST' && p === '/v1/external/orders/create/return') return createOrder('return', r.body);
    if (r.method === 'GET' && p === '/v1/external/orders') {
      // "Search for AWB or by Channel order_id": a part of an order id matches too.
      const search = r.query.get('search') ?? '';
      const found = orders.filter((o) => o.kind === 'forward' && (!search || o.channel_order_id.includes(search) || o.shipment.awb === search));
      return page(found.reverse().map(listed), r.query, p);
    }
    if (r.method === 'GET' && p === '/v1/external/orders/processing/return') {
      const returns = orders.filter((o) => o.kind === 'return').reverse();
      // The return list names the shipment at the top (shipment_id); its shipments[] carry no id.
      return page(returns.map((o) => ({ ...listed(o), shipment_id: o.shipment.id, shipments: [{ courier: o.shipment.courier ?? '', awb: o.shipment.awb ?? '' }] })), r.query, p);
    }
    const shipment = /^\/v1\/external\/shipments\/([^/]+)$/.exec(p);
    if (r.method === 'GET' && shipment) {
      const o = shipmentOf(decodeURIComponent(shipment[1]!));
      // The docs' "Invalid-or-Wrong-Data" answer is an empty object.
      return ok(o ? { data: { ...o.shipment, channel_id: 76893, method: 'Standard', weight: String(o.body.weight), total: String(o.body.sub_total) } } : {});
    }
    if (r.method === 'POST' && p === '/v1/external/courier/assign/awb') return assignAwb(r.body);
    if (r.method === 'POST' && p === '/v1/external/courier/generate/pickup') return pickup(r.body);
    const ndr = /^\/v1\/external\/ndr\/([^/]+)\/action$/.exec(p);
    if (r.method === 'POST' && ndr) return ndrAction(decodeURIComponent(ndr[1]!), r.body);
    return refused('404 Not Found', 404);
  }

  const send = (res: ServerResponse, a: Answer) => res.writeHead(a.status, { 'content-type': 'application/json' }).end(JSON.stringify(a.body));
  const failureAnswer = (f: Failure): Answer => ({ status: f.status as number, body: f.body ?? { message: 'Something went wrong', status_code: f.status } });

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      let body: Json = {};
      try {
        body = chunks.length ? (JSON.parse(Buffer.concat(chunks).toString('utf8')) as Json) : {};
      } catch {
        return send(res, refused('The request body is not valid JSON'));
      }
      const r: FakeRequest = { method: req.method ?? 'GET', path: url.pathname, query: url.searchParams, headers: req.headers, body };
      requests.push(r);
      if (r.method === 'POST' && r.path === '/v1/external/auth/login') {
        // Made-up wording: the docs publish no answer for a wrong login.
        if (body.email !== email || body.password !== password) return send(res, refused('Invalid email and password combination', 400));
        const token = randomBytes(24).toString('base64url');
        tokens.add(token);
        issuedTokens.push(token);
        return send(res, ok({ id: 1_234_567, first_name: 'API', last_name: 'User', email, company_id: 25_149, created_at: istNow(), token }));
      }
      const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
      if (!bearer || !tokens.has(bearer)) return send(res, { status: 401, body: { message: 'Unauthenticated.' } });
      const i = failures.findIndex((f) => (!f.method || f.method === r.method) && (typeof f.route === 'string' ? f.route === r.path : f.route.test(r.path)));
      const failure = i >= 0 ? failures.splice(i, 1)[0]! : null;
      if (failure && !failure.afterEffect) return failure.status === 'network' ? req.socket.destroy() : send(res, failureAnswer(failure));
      const answer = route(r);
      if (!failure) return send(res, answer);
      // The call took effect but its answer is lost on the way back.
      return failure.status === 'network' ? req.socket.destroy() : send(res, failureAnswer(failure));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    credentials: { email, password, baseUrl: url },
    requests,
    orders,
    /** Every token login has issued, oldest first. */
    issuedTokens,
    /** What each call to `path` carried (method optional). */
    calls: (path: string, method?: string) => requests.filter((r) => r.path === path && (!method || r.method === method)),
    ndrActions,
    /** The courier could not deliver this AWB: its last status becomes 21 UNDELIVERED, so NDR actions are accepted. */
    markUndelivered(awb: string) {
      const order = orders.find((o) => o.shipment.awb === awb);
      if (!order) throw new Error(`The fake has no shipment with AWB ${awb}`);
      order.shipment.status = UNDELIVERED;
    },
    /** Every token issued so far stops working, as when Shiprocket's 10-day tokens lapse. */
    expireTokens() {
      tokens.clear();
    },
    /** The couriers a delivery pincode gets; an empty list makes it unserviceable. */
    setCouriers(deliveryPincode: string, list: FakeCourier[]) {
      routes.set(deliveryPincode, list);
    },
    /**
     * The next call to `route` answers `status` (with `body`, else an error) or drops the connection,
     * before it takes effect or after (`afterEffect`: the order is made, the answer is lost).
     */
    failNext(route: string | RegExp, status: number | 'network', o: { method?: string; afterEffect?: boolean; body?: unknown } = {}) {
      failures.push({ route, status, method: o.method, afterEffect: o.afterEffect ?? false, body: o.body });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
export type ShiprocketFake = Awaited<ReturnType<typeof startShiprocketFake>>;
