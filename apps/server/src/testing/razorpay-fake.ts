import { randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// A local stand-in for the Razorpay endpoints our clients call (refunds, RazorpayX contacts, fund
// accounts and payouts, Route transfers and reversals), on 127.0.0.1. It checks Basic auth, keeps its
// state in memory, honours X-Refund-Idempotency and X-Payout-Idempotency as Razorpay documents them
// (the same key and body answer the first result; the same key with another body is a 400), and can be
// told to fail a call, before or after it takes effect. Everything that goes wrong answers Razorpay's
// error shape: {error: {code, description}}.

type Json = Record<string, unknown>;
export interface FakeRequest { method: string; path: string; query: URLSearchParams; headers: IncomingHttpHeaders; body: Json }
interface Answer { status: number; body: unknown }
interface Failure { method?: string; route: string | RegExp; status: number | 'network'; afterEffect: boolean }

const newId = (prefix: string) => `${prefix}_${randomBytes(10).toString('base64url').replace(/[-_]/g, 'x').slice(0, 14)}`;
const refused = (description: string, status = 400): Answer => ({ status, body: { error: { code: 'BAD_REQUEST_ERROR', description, source: 'business', reason: 'input_validation_failed', metadata: {} } } });
const ok = (body: unknown): Answer => ({ status: 200, body });
const collection = (items: unknown[]) => ok({ entity: 'collection', count: items.length, items });
const seconds = () => Math.floor(Date.now() / 1000);
const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const notesOf = (b: Json) => (b.notes && typeof b.notes === 'object' ? b.notes : []);

export async function startRazorpayFake(opts: { keyId?: string; keySecret?: string; accountNumber?: string } = {}) {
  const keyId = opts.keyId ?? 'rzp_test_fake';
  const keySecret = opts.keySecret ?? 'fake-secret';
  const accountNumber = opts.accountNumber ?? '7878780080316316';
  const payments = new Map<string, { amount: number; refunded: number }>();
  const refunds = new Map<string, Json>();
  const contacts = new Map<string, Json>();
  const fundAccounts = new Map<string, Json>();
  const payouts = new Map<string, Json>();
  const transfers = new Map<string, Json>();
  const reversals = new Map<string, Json>();
  const idempotency = new Map<string, { body: unknown; answer: Answer }>();
  const requests: FakeRequest[] = [];
  const failures: Failure[] = [];

  /** Runs `make` once per idempotency key: a replay with the same body answers the first result. */
  function once(scope: string, key: string | undefined, body: Json, make: () => Answer): Answer {
    if (key === undefined) return make();
    const seen = idempotency.get(`${scope}:${key}`);
    if (seen) return sameJson(seen.body, body) ? seen.answer : refused('Different request with the same idempotency key has already been processed.');
    const answer = make();
    if (answer.status < 300) idempotency.set(`${scope}:${key}`, { body, answer });
    return answer;
  }

  function refund(paymentId: string, b: Json, key: string | undefined): Answer {
    if (key !== undefined && !/^[A-Za-z0-9_-]{10,}$/.test(key)) return refused('The idempotency key must be at least 10 characters: letters, digits, - and _');
    return once('refund', key, b, () => {
      const payment = payments.get(paymentId);
      if (!payment) return refused('The id provided does not exist');
      const amount = b.amount ?? payment.amount - payment.refunded;
      if (typeof amount !== 'number' || !Number.isInteger(amount) || amount < 100) return refused('The amount must be at least INR 1.00');
      if (amount > payment.amount - payment.refunded) return refused('The refund amount provided is greater than amount captured');
      if (b.speed !== undefined && b.speed !== 'normal' && b.speed !== 'optimum') return refused('The selected speed is invalid.');
      payment.refunded += amount;
      const r = { id: newId('rfnd'), entity: 'refund', amount, currency: 'INR', payment_id: paymentId, notes: notesOf(b), receipt: b.receipt ?? null, acquirer_data: { arn: null }, created_at: seconds(), batch_id: null, status: 'pending', speed_requested: b.speed ?? 'normal' };
      refunds.set(r.id, r);
      return ok(r);
    });
  }

  function contact(b: Json): Answer {
    if (typeof b.name !== 'string' || b.name.length < 3 || b.name.length > 50) return refused('The name field is invalid.');
    if (typeof b.reference_id === 'string' && b.reference_id.length > 40) return refused('The reference id may not be greater than 40 characters.');
    // "If all the above details match the details of an existing contact, the API returns details of the existing contact."
    const same = [...contacts.values()].find((c) => ['name', 'email', 'contact', 'type', 'reference_id'].every((k) => (c[k] ?? null) === (b[k] ?? null)));
    if (same) return ok(same);
    const c = { id: newId('cont'), entity: 'contact', name: b.name, email: b.email ?? null, contact: b.contact ?? null, type: b.type ?? null, reference_id: b.reference_id ?? null, active: true, notes: notesOf(b), created_at: seconds() };
    contacts.set(c.id, c);
    return ok(c);
  }

  function fundAccount(b: Json): Answer {
    if (typeof b.contact_id !== 'string' || !contacts.has(b.contact_id)) return refused('The id provided does not exist');
    const bank = b.bank_account as Json | undefined;
    const vpa = b.vpa as Json | undefined;
    if (b.account_type === 'bank_account') {
      if (!bank || typeof bank.ifsc !== 'string' || !/^[A-Z]{4}0[A-Z0-9]{6}$/.test(bank.ifsc)) return refused('The ifsc must be 11 characters.');
      if (typeof bank.account_number !== 'string' || !/^[A-Za-z0-9]{5,35}$/.test(bank.account_number)) return refused('The account number format is invalid.');
      if (typeof bank.name !== 'string' || bank.name.length < 3) return refused('The name field is invalid.');
    } else if (b.account_type !== 'vpa' || typeof vpa?.address !== 'string' || !/^[\w.-]+@[\w.-]+$/.test(vpa.address)) {
      return refused('Invalid fund account details.');
    }
    const same = [...fundAccounts.values()].find((f) => f.contact_id === b.contact_id && f.account_type === b.account_type && sameJson(f[String(b.account_type)], bank ?? vpa));
    if (same) return ok(same);
    const f = { id: newId('fa'), entity: 'fund_account', contact_id: b.contact_id, account_type: b.account_type, [String(b.account_type)]: bank ?? vpa, active: true, created_at: seconds() };
    fundAccounts.set(f.id, f);
    return ok(f);
  }

  function payout(b: Json, key: string | undefined): Answer {
    if (key === undefined) return refused('Idempotency key is missing. Include idempotency header and key in the request.');
    if (!/^[A-Za-z0-9 _-]{4,36}$/.test(key)) return refused('The idempotency key must be 4 to 36 letters, digits, spaces, - or _');
    return once('payout', key, b, () => {
      if (b.account_number !== accountNumber) return refused('The account number is invalid.');
      const fa = typeof b.fund_account_id === 'string' ? fundAccounts.get(b.fund_account_id) : undefined;
      if (!fa) return refused('The id provided does not exist');
      if (typeof b.amount !== 'number' || !Number.isInteger(b.amount) || b.amount < 100) return refused('The amount must be at least 100.');
      if (b.currency !== 'INR') return refused('The selected currency is invalid.');
      const modes = fa.account_type === 'vpa' ? ['UPI'] : ['IMPS', 'NEFT', 'RTGS'];
      if (!modes.includes(String(b.mode))) return refused('The fund account type is not supported for this mode.');
      if (b.mode === 'IMPS' && b.amount > 5_00_000_00) return refused('Amount exceeds the maximum amount allowed for IMPS.');
      if (typeof b.purpose !== 'string' || !b.purpose) return refused('The purpose field is required.');
      if (typeof b.reference_id === 'string' && b.reference_id.length > 40) return refused('The reference id may not be greater than 40 characters.');
      if (typeof b.narration === 'string' && !/^[A-Za-z0-9 ]{0,30}$/.test(b.narration)) return refused('The narration format is invalid.');
      const p = { id: newId('pout'), entity: 'payout', fund_account_id: fa.id, amount: b.amount, currency: 'INR', notes: notesOf(b), fees: 0, tax: 0, status: 'processing', utr: null, mode: b.mode, purpose: b.purpose, reference_id: b.reference_id ?? null, narration: b.narration ?? null, batch_id: null, status_details: null, created_at: seconds() };
      payouts.set(p.id, p);
      return ok(p);
    });
  }

  function transfer(paymentId: string, b: Json): Answer {
    const payment = payments.get(paymentId);
    if (!payment) return refused('The id provided does not exist');
    const asked = Array.isArray(b.transfers) ? (b.transfers as Json[]) : [];
    const already = [...transfers.values()].filter((t) => t.source === paymentId).reduce((s, t) => s + Number(t.amount), 0);
    if (!asked.length || asked.some((t) => typeof t.account !== 'string' || !Number.isInteger(t.amount) || t.currency !== 'INR')) return refused('Invalid transfers.');
    if (already + asked.reduce((s, t) => s + Number(t.amount), 0) > payment.amount) return refused('Transfer amount was greater than amount available for transfer');
    const made = asked.map((t) => {
      const x = { id: newId('trf'), entity: 'transfer', transfer_status: 'pending', settlement_status: t.on_hold ? 'on_hold' : 'pending', source: paymentId, recipient: t.account, amount: t.amount, currency: 'INR', amount_reversed: 0, notes: notesOf(t), on_hold: Boolean(t.on_hold), on_hold_until: t.on_hold_until ?? null, created_at: seconds() };
      transfers.set(x.id, x);
      return x;
    });
    return collection(made);
  }

  function reversal(transferId: string, b: Json): Answer {
    const t = transfers.get(transferId);
    if (!t) return refused('The id provided does not exist');
    const left = Number(t.amount) - Number(t.amount_reversed);
    const amount = b.amount ?? left;
    if (typeof amount !== 'number' || !Number.isInteger(amount) || amount <= 0 || amount > left) return refused('The reversal amount provided is greater than the unreversed amount');
    t.amount_reversed = Number(t.amount_reversed) + amount;
    const r = { id: newId('rvrsl'), entity: 'reversal', transfer_id: transferId, amount, fee: 0, tax: 0, currency: 'INR', notes: notesOf(b), created_at: seconds() };
    reversals.set(r.id, r);
    return ok(r);
  }

  function route(r: FakeRequest): Answer {
    const m = (re: RegExp) => re.exec(r.path);
    const header = (name: string) => (typeof r.headers[name] === 'string' ? (r.headers[name] as string) : undefined);
    const get = <T>(map: Map<string, T>, id: string) => (map.has(id) ? ok(map.get(id)) : refused('The id provided does not exist'));
    let x: RegExpExecArray | null;
    if (r.method === 'POST' && (x = m(/^\/v1\/payments\/([^/]+)\/refund$/))) return refund(x[1]!, r.body, header('x-refund-idempotency'));
    if (r.method === 'GET' && (x = m(/^\/v1\/payments\/([^/]+)\/refunds$/))) {
      const count = Math.min(Number(r.query.get('count') ?? 10), 100);
      return collection([...refunds.values()].filter((f) => f.payment_id === x![1]).reverse().slice(0, count));
    }
    if (r.method === 'GET' && (x = m(/^\/v1\/refunds\/([^/]+)$/))) return get(refunds, x[1]!);
    if (r.method === 'POST' && r.path === '/v1/contacts') return contact(r.body);
    if (r.method === 'POST' && r.path === '/v1/fund_accounts') return fundAccount(r.body);
    if (r.method === 'POST' && r.path === '/v1/payouts') return payout(r.body, header('x-payout-idempotency'));
    if (r.method === 'GET' && (x = m(/^\/v1\/payouts\/([^/]+)$/))) return get(payouts, x[1]!);
    if (r.method === 'POST' && (x = m(/^\/v1\/payments\/([^/]+)\/transfers$/))) return transfer(x[1]!, r.body);
    if (r.method === 'GET' && (x = m(/^\/v1\/payments\/([^/]+)\/transfers$/))) return collection([...transfers.values()].filter((t) => t.source === x![1]));
    if (r.method === 'POST' && (x = m(/^\/v1\/transfers\/([^/]+)\/reversals$/))) return reversal(x[1]!, r.body);
    if (r.method === 'GET' && (x = m(/^\/v1\/transfers\/([^/]+)\/reversals$/))) return collection([...reversals.values()].filter((v) => v.transfer_id === x![1]));
    return refused('The requested URL was not found on the server.', 404);
  }

  const authorization = `Basic ${Buffer.from(`${keyId}:${keySecret}`).toString('base64')}`;
  const send = (res: ServerResponse, a: Answer) => res.writeHead(a.status, { 'content-type': 'application/json' }).end(JSON.stringify(a.body));

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
      if (req.headers.authorization !== authorization) return send(res, refused('The api key provided is invalid', 401));
      const i = failures.findIndex((f) => (!f.method || f.method === r.method) && (typeof f.route === 'string' ? f.route === r.path : f.route.test(r.path)));
      const failure = i >= 0 ? failures.splice(i, 1)[0]! : null;
      if (failure && !failure.afterEffect) return failure.status === 'network' ? req.socket.destroy() : send(res, refused('Something went wrong', failure.status));
      const answer = route(r);
      if (!failure) return send(res, answer);
      // The call took effect but its answer is lost on the way back.
      return failure.status === 'network' ? req.socket.destroy() : send(res, refused('Something went wrong', failure.status));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    keys: { keyId, keySecret, baseUrl: url },
    accountNumber,
    requests,
    refunds,
    contacts,
    fundAccounts,
    payouts,
    transfers,
    reversals,
    /** A captured payment of this amount, to refund or transfer from. */
    capturePayment(amountPaise: number): string {
      const id = newId('pay');
      payments.set(id, { amount: amountPaise, refunded: 0 });
      return id;
    },
    /** The next call to `route` answers `status` (or drops the connection), before or after it takes effect. */
    failNext(route: string | RegExp, status: number | 'network', o: { method?: string; afterEffect?: boolean } = {}) {
      failures.push({ route, status, method: o.method, afterEffect: o.afterEffect ?? false });
    },
    setRefundStatus(id: string, status: 'pending' | 'processed' | 'failed') {
      refunds.get(id)!.status = status;
    },
    setPayoutStatus(id: string, status: string, extra: { utr?: string; description?: string } = {}) {
      Object.assign(payouts.get(id)!, { status, utr: extra.utr ?? null, status_details: extra.description ? { description: extra.description, source: 'beneficiary_bank', reason: status } : null });
    },
    /** As if Razorpay's idempotency keys had lapsed. */
    forgetIdempotencyKeys() {
      idempotency.clear();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
export type RazorpayFake = Awaited<ReturnType<typeof startRazorpayFake>>;
