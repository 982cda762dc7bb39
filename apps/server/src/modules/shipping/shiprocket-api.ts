import { z } from 'zod';
import type { ParcelAddress } from './carrier.js';

// The raw Shiprocket calls (docs: https://apidocs.shiprocket.in, the Postman collection behind it):
// a JWT from POST /v1/external/auth/login (valid 10 days) sent as `Authorization: Bearer`, JSON both
// ways, errors as {message, errors?: {field: [text]}, status_code}. Field names below are the docs'
// own; where the docs show none, a comment says so.

export class ShiprocketError extends Error {
  override readonly name = 'ShiprocketError';
  constructor(
    message: string,
    /** The HTTP status, 0 when Shiprocket could not be reached. */
    readonly status: number,
    /** Shiprocket's per-field messages, as in a 422's `errors`. */
    readonly errors: Record<string, string[]> = {},
  ) {
    super(message);
  }
}

/** A number Shiprocket may send as a number or as a numeric string ("4", "123.90"). */
const num = z.union([z.number(), z.string().trim().regex(/^-?\d+(\.\d+)?$/).transform(Number)]);
/** An id or code sent as a number or a string; kept as a string. */
const idText = z.union([z.number().int(), z.string().min(1)]).transform(String);

export const Login = z.object({ token: z.string().min(1) });

/** One courier of GET /v1/external/courier/serviceability/ (data.available_courier_companies[]). */
export const Courier = z.object({
  courier_company_id: z.number().int(),
  courier_name: z.string(),
  /** Rupees, the total Shiprocket charges for this courier. */
  rate: num,
  cod: num,
  estimated_delivery_days: z.union([num, z.literal('')]).nullish(),
});
export type Courier = z.infer<typeof Courier>;
// Not serviceable: the docs show no example. The "Invalid-Data" example of this endpoint is an HTTP 200
// carrying {status: 404, message}, and `data` may be an empty list (PHP's empty object); all of these
// are read as "no courier".
export const Serviceability = z.object({
  status: z.number().nullish(),
  message: z.string().nullish(),
  data: z.union([z.object({ available_courier_companies: z.array(Courier).nullish() }), z.array(z.unknown())]).nullish(),
});

/** POST /v1/external/orders/create/adhoc and /create/return: the Shiprocket order and shipment ids. */
export const CreatedOrder = z.object({ order_id: idText, shipment_id: idText, status: z.string().nullish(), awb_code: z.string().nullish(), courier_name: z.string().nullish() });

/** GET /v1/external/orders?search= (forward) and GET /v1/external/orders/processing/return (returns). */
export const OrderList = z.object({
  data: z.array(
    z.object({
      id: idText,
      channel_order_id: idText,
      status: z.string().nullish(),
      /** Only in the return list. */
      shipment_id: idText.nullish(),
      shipments: z.array(z.object({ id: idText.nullish(), awb: z.union([z.string(), z.number()]).nullish() })).nullish(),
    }),
  ),
  meta: z.object({ pagination: z.object({ current_page: z.number(), total_pages: z.number() }).partial() }).partial().nullish(),
});
export type ListedOrder = z.infer<typeof OrderList>['data'][number];

/** GET /v1/external/shipments/{id}: `status` is a code of the shipment status table. */
export const ShipmentDetails = z.object({
  data: z.object({
    id: idText,
    awb: z.union([z.string(), z.number()]).nullish(),
    courier: z.string().nullish(),
    sr_courier_id: z.union([z.number(), z.string()]).nullish(),
    pickup_token_number: z.string().nullish(),
    pickup_generated_date: z.unknown(),
    status: num.nullish(),
  }),
});

// POST /v1/external/courier/assign/awb. The docs show only a success (awb_assign_status 1); a refusal
// that comes back as HTTP 200 is read as awb_assign_status other than 1, and its reason from
// response.data.awb_assign_error, a field the docs do not show (assumed).
export const AssignedAwb = z.object({
  awb_assign_status: z.number(),
  message: z.string().nullish(),
  response: z
    .object({ data: z.object({ awb_code: z.union([z.string(), z.number()]).nullish(), courier_company_id: z.number().nullish(), courier_name: z.string().nullish(), awb_assign_error: z.string().nullish() }).nullish() })
    .nullish(),
});

/** POST /v1/external/courier/generate/pickup. */
export const Pickup = z.object({ pickup_status: z.number(), message: z.string().nullish(), response: z.object({ pickup_token_number: z.string().nullish(), data: z.unknown() }).nullish() });

// POST /v1/external/ndr/{awb}/action. The docs show only the success: HTTP 202 {"status": "Data Updated
// Sucessfully"} (their spelling), and no refusal, so an error status is read like any other call's. A 2xx
// carrying a status_code (or a numeric status) of 400 or more, the way serviceability's "Invalid-Data"
// example comes back as an HTTP 200, is read as a refusal too: assumed, not shown for this endpoint.
export const NdrActionAnswer = z.object({ status: z.union([z.string(), z.number()]).nullish(), status_code: z.number().nullish(), message: z.string().nullish() }).nullish();

function describe(body: unknown, status: number): { text: string; errors: Record<string, string[]> } {
  const b = (body && typeof body === 'object' ? body : {}) as { message?: unknown; errors?: unknown };
  const errors: Record<string, string[]> = {};
  if (b.errors && typeof b.errors === 'object') {
    for (const [field, list] of Object.entries(b.errors)) errors[field] = (Array.isArray(list) ? list : [list]).map(String);
  }
  const details = Object.entries(errors).map(([field, list]) => `${field}: ${list.join(' ')}`);
  const message = typeof b.message === 'string' && b.message ? b.message : `HTTP ${status}`;
  return { text: [message, ...details].join(' — '), errors };
}

type Query = Record<string, string | number>;

/**
 * One authenticated caller. The token is fetched once and shared; a 401 (it lapsed, or was revoked)
 * logs in again and repeats the call once. A 401 means the call did nothing, so repeating a POST is safe.
 */
export function shiprocketApi(opts: { email: string; password: string; baseUrl: string }, fetchFn: typeof fetch) {
  const base = opts.baseUrl.replace(/\/+$/, '');
  let token: Promise<string> | null = null;

  async function send(method: 'GET' | 'POST', path: string, auth: string | null, query?: Query, body?: object) {
    const url = new URL(`${base}${path}`);
    for (const [k, v] of Object.entries(query ?? {})) url.searchParams.set(k, String(v));
    const headers: Record<string, string> = { accept: 'application/json' };
    if (auth) headers.authorization = `Bearer ${auth}`;
    if (body) headers['content-type'] = 'application/json';
    let res: Response;
    try {
      res = await fetchFn(url.toString(), { method, headers, ...(body ? { body: JSON.stringify(body) } : {}) });
    } catch (err) {
      throw new ShiprocketError(`Shiprocket could not be reached (${method} ${path}): ${(err as Error).message}`, 0);
    }
    const json: unknown = await res.json().catch(() => null);
    return { status: res.status, json };
  }

  function login(): Promise<string> {
    const attempt = (async () => {
      const res = await send('POST', '/v1/external/auth/login', null, undefined, { email: opts.email, password: opts.password });
      const parsed = Login.safeParse(res.json);
      if (res.status >= 300 || !parsed.success) {
        throw new ShiprocketError(`Shiprocket login failed (HTTP ${res.status}): ${describe(res.json, res.status).text}`, res.status);
      }
      return parsed.data.token;
    })();
    // A failed login is not kept: the next call tries again.
    attempt.catch(() => {
      if (token === attempt) token = null;
    });
    return attempt;
  }

  return async function call<S extends z.ZodType>(method: 'GET' | 'POST', path: string, schema: S, o: { query?: Query; body?: object } = {}): Promise<z.infer<S>> {
    const used = (token ??= login());
    let res = await send(method, path, await used, o.query, o.body);
    if (res.status === 401) {
      if (token === used) token = login();
      res = await send(method, path, await token, o.query, o.body);
    }
    if (res.status < 200 || res.status >= 300) {
      const { text, errors } = describe(res.json, res.status);
      throw new ShiprocketError(`Shiprocket refused ${method} ${path} (HTTP ${res.status}): ${text}`, res.status, errors);
    }
    const parsed = schema.safeParse(res.json);
    if (!parsed.success) {
      const { text } = describe(res.json, res.status);
      const missing = parsed.error.issues.map((i) => i.path.join('.') || '(body)').slice(0, 5).join(', ');
      throw new ShiprocketError(`Shiprocket answered ${method} ${path} without the expected fields (${missing}): ${text}`, res.status);
    }
    return parsed.data;
  };
}
export type ShiprocketCall = ReturnType<typeof shiprocketApi>;

/** Rupees from Shiprocket (at most 2 decimals) to integer paise, without float drift (35.05 → 3505). */
export const rupeesToPaise = (rupees: number) => Math.round(rupees * 100);
/** Paise to rupees for a request body: an exact 2-decimal number (12345 → 123.45). */
export const paiseToRupees = (paise: number) => Number((paise / 100).toFixed(2));

const IST_OFFSET_MS = (5 * 60 + 30) * 60_000;

/**
 * A Shiprocket time, which is India time without a zone: "23 05 2023 11:43:52" (the webhook's
 * current_timestamp, day first) or "2023-05-19 11:59:16" (scans, etd). Null when it is neither or not a
 * real date.
 */
export function parseIstTime(text: string): Date | null {
  const t = text.trim();
  const dayFirst = /^(\d{2})[ /-](\d{2})[ /-](\d{4})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/.exec(t);
  const yearFirst = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?$/.exec(t);
  const parts = dayFirst ? [dayFirst[3], dayFirst[2], dayFirst[1], dayFirst[4], dayFirst[5], dayFirst[6]] : yearFirst ? yearFirst.slice(1, 7) : null;
  if (!parts) return null;
  const [y, mo, d, h, mi, s] = parts.map((p) => Number(p ?? 0)) as [number, number, number, number, number, number];
  const utc = Date.UTC(y, mo - 1, d, h, mi, s);
  const check = new Date(utc);
  // Date.UTC rolls 31 02 over into March; a date that does not come back as written is not a date.
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d || h > 23 || mi > 59 || s > 59) return null;
  return new Date(utc - IST_OFFSET_MS);
}

/** A date as Shiprocket's order_date wants it: India time, "yyyy-mm-dd hh:mm". */
export function istOrderDate(d: Date): string {
  return new Date(d.getTime() + IST_OFFSET_MS).toISOString().slice(0, 16).replace('T', ' ');
}

/** A phone as Shiprocket takes it: its last 10 digits ("+91 98765 43210" → 9876543210). */
export const shiprocketPhone = (p: string) => p.replace(/\D/g, '').slice(-10);

/** A name as first name + the rest, the way Shiprocket's *_customer_name / *_last_name split it. */
export function person(prefix: 'billing' | 'pickup' | 'shipping', a: ParcelAddress, email: string) {
  const [first = '', ...rest] = a.name.trim().split(/\s+/);
  return {
    [`${prefix}_customer_name`]: first,
    [`${prefix}_last_name`]: rest.join(' '),
    [`${prefix}_address`]: a.line1,
    [`${prefix}_address_2`]: a.line2,
    [`${prefix}_city`]: a.city.slice(0, 30),
    [`${prefix}_pincode`]: a.pincode,
    [`${prefix}_state`]: a.state,
    [`${prefix}_country`]: 'India',
    [`${prefix}_email`]: email,
    [`${prefix}_phone`]: shiprocketPhone(a.phone),
  };
}
