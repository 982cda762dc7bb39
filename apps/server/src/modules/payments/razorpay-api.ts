import { createHash } from 'node:crypto';
import type { z } from 'zod';
import type { FetchLike } from './razorpay.js';

// The part every Razorpay REST client shares (refunds, RazorpayX payouts, Route): Basic auth with the
// key id and secret, JSON both ways, and one rule for what a failure means to the caller.

export const RAZORPAY_API_URL = 'https://api.razorpay.com';

/** Our Razorpay keys; `baseUrl` points the clients at a local fake in tests. */
export interface RazorpayApiKeys {
  keyId: string;
  keySecret: string;
  baseUrl?: string;
}

/** Global `fetch` fits. A GET carries no body, as fetch refuses one; otherwise FetchLike's answer. */
export type ApiFetch = (url: string, init: { method: string; headers: Record<string, string>; body?: string }) => ReturnType<FetchLike>;

/** Razorpay could not be reached, or answered 5xx, 409 or 429: nothing was decided, the job retries. */
export class ProviderUnavailable extends Error {
  override readonly name = 'ProviderUnavailable';
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/** Razorpay refused a request for good (4xx) where the caller has no `failed` result to give. */
export class ProviderRefused extends Error {
  override readonly name = 'ProviderRefused';
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

export type ApiAnswer<T> = { ok: true; body: T } | { ok: false; status: number; description: string };

// 409: "a prior request with this idempotency key is still being processed, you may retry";
// 429: rate limited. Neither is an answer about the money.
const RETRY_LATER = new Set([409, 429]);

function describe(body: unknown, status: number): string {
  const error = (body as { error?: { description?: unknown } } | null)?.error;
  return typeof error?.description === 'string' && error.description ? error.description : `Razorpay refused the request (HTTP ${status})`;
}

/**
 * One call: a 2xx body read through `schema`, a 4xx as `{ok: false, description}` (Razorpay's own
 * words), anything else thrown as ProviderUnavailable.
 */
export function razorpayApi(keys: RazorpayApiKeys, fetchImpl: ApiFetch) {
  const base = (keys.baseUrl ?? RAZORPAY_API_URL).replace(/\/+$/, '');
  const authorization = `Basic ${Buffer.from(`${keys.keyId}:${keys.keySecret}`).toString('base64')}`;
  return async function call<S extends z.ZodType>(
    method: 'GET' | 'POST',
    path: string,
    schema: S,
    opts: { body?: object; headers?: Record<string, string> } = {},
  ): Promise<ApiAnswer<z.infer<S>>> {
    const headers: Record<string, string> = { authorization, ...opts.headers };
    if (opts.body) headers['content-type'] = 'application/json';
    let res: Awaited<ReturnType<ApiFetch>>;
    try {
      res = await fetchImpl(`${base}${path}`, { method, headers, ...(opts.body ? { body: JSON.stringify(opts.body) } : {}) });
    } catch (err) {
      throw new ProviderUnavailable(`Razorpay could not be reached (${method} ${path}): ${(err as Error).message}`, 0);
    }
    const body: unknown = await res.json().catch(() => null);
    if (res.status >= 500 || RETRY_LATER.has(res.status) || res.status < 200) {
      throw new ProviderUnavailable(`Razorpay is unavailable (${method} ${path}, HTTP ${res.status}): ${describe(body, res.status)}`, res.status);
    }
    if (!res.ok) return { ok: false, status: res.status, description: describe(body, res.status) };
    const parsed = schema.safeParse(body);
    if (!parsed.success) throw new ProviderUnavailable(`Razorpay answered ${method} ${path} in an unexpected shape`, res.status);
    return { ok: true, body: parsed.data };
  };
}
export type RazorpayCall = ReturnType<typeof razorpayApi>;

/**
 * Razorpay's idempotency headers take only letters, digits, `-`, `_` (and space for payouts) up to a
 * length; our keys (like `run:123:<uuid>`) may not fit. A key that fits is sent as it is, any other as
 * a stable digest of it, so the same key always maps to the same header.
 */
export function gatewayKey(key: string, maxLength: number): string {
  if (/^[A-Za-z0-9_-]+$/.test(key) && key.length >= 10 && key.length <= maxLength) return key;
  return `lm-${createHash('sha256').update(key).digest('hex')}`.slice(0, maxLength);
}

export const enc = encodeURIComponent;
