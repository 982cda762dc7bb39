import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMediaServer, type MediaServer } from '@live-market/media';
import { buildTestApp, type TestApp } from '../testing/test-app.js';
import { goLive, makeProduct, makeSeller, makeUser, type TestSeller, type TestUser } from '../testing/fixtures.js';
import { advance, call, placeOrder, saveAddress, ship } from '../testing/commerce.js';
import { TestSocket, wsUrl } from '../testing/ws-client.js';
import { payouts } from '../modules/payouts/tables.js';
import { CONTRACT_METRICS } from './names.js';

const SECRET = 'carrier-secret-for-metrics-tests-0123';
let t: TestApp;
let media: MediaServer;
let seller: TestSeller;
let buyer: TestUser;
let addressId: string;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  media = await createMediaServer({ workers: 1 });
  t = await buildTestApp({ METRICS_PORT: '0', SHIPPING_WEBHOOK_SECRET: SECRET, OTP_SEND_LIMIT_PER_IP: '1000' }, media);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  seller = await makeSeller(t.app, t.database.db);
  buyer = await makeUser(t.app, 'Rahul');
  addressId = await saveAddress(t.app, buyer);
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await t.close();
  await media.close();
});

const scrape = async () => (await t.app.metrics.getMetricsAsJSON()) as Array<{ name: string; values: Array<{ value: number; labels: Record<string, string | number>; metricName?: string }> }>;
/** One sample's value: the metric's first series with these labels (and, for a histogram, this sample name). */
async function sample(name: string, labels: Record<string, string> = {}, metricName = name): Promise<number | undefined> {
  const metric = (await scrape()).find((m) => m.name === name);
  const found = metric?.values.find((v) => (v.metricName ?? name) === metricName && Object.entries(labels).every(([k, x]) => String(v.labels[k]) === x));
  return found?.value;
}
const metricsUrl = async () => {
  const address = await t.app.metricsAddress();
  if (!address) throw new Error('/metrics is not being served');
  return `http://${address.host}:${address.port}/metrics`;
};
const publicUrl = () => `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;

async function paidOrder() {
  const p = await makeProduct(t.database.db, seller.sellerId, { stockQuantity: 5, price: '999.00' });
  const res = await placeOrder(t.app, buyer, { productId: p.id, addressId, paymentMethod: 'upi' });
  expect(res.statusCode).toBe(201);
  const { order, payment } = res.json();
  return { orderId: order.id as string, paymentId: payment.paymentId as string };
}
const pay = (paymentId: string, outcome: 'success' | 'failure') => call(t.app, 'POST', `/api/payments/simulated/${paymentId}`, buyer, { outcome });

describe('return and RTO ratios', () => {
  // First in the file: the ratios are read once a minute, so no earlier scrape may have cached them.
  it('count the orders the courier brought back, of the orders shipped in the last 30 days', async () => {
    const shipped = await paidOrder();
    expect((await pay(shipped.paymentId, 'success')).statusCode).toBe(200);
    const awb = await ship(t.app, seller, shipped.orderId);
    await advance(t.app, seller, awb, 'in_transit');
    const back = await paidOrder();
    expect((await pay(back.paymentId, 'success')).statusCode).toBe(200);
    const backAwb = await ship(t.app, seller, back.orderId);
    await advance(t.app, seller, backAwb, 'returned_to_origin');
    expect(await sample('livemarket_rto_ratio')).toBeCloseTo(0.5);
    // Nothing delivered yet: no returns of deliveries either.
    expect(await sample('livemarket_returns_ratio')).toBe(0);
  });
});

describe('GET /metrics', () => {
  it('is served on METRICS_PORT, and answers 404 with a JSON message on the public port', async () => {
    const res = await fetch(await metricsUrl());
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    expect(await res.text()).toContain('# TYPE http_request_duration_seconds histogram');
    const other = await fetch((await metricsUrl()).replace('/metrics', '/api/health'));
    expect(other.status).toBe(404);
    const onPublic = await fetch(`${publicUrl()}/metrics`);
    expect(onPublic.status).toBe(404);
    expect(await onPublic.json()).toEqual({ message: expect.any(String) });
    expect((await fetch(`${publicUrl()}/api/health`)).status).toBe(200);
  });

  it('passes promtool check metrics', async () => {
    const text = await (await fetch(await metricsUrl())).text();
    const check = spawnSync('promtool', ['check', 'metrics'], { input: text, encoding: 'utf8' });
    // 1 would be a parse error; 3 lint findings, of which only prom-client's own gauge names are allowed.
    expect(check.status === 0 || check.status === 3).toBe(true);
    const findings = (check.stderr + check.stdout).split('\n').filter(Boolean);
    expect(findings.filter((line) => !/^nodejs_active_(handles|requests|resources)_total non-counter metrics/.test(line))).toEqual([]);
    expect(text).toContain('livemarket_payments_total{outcome="succeeded"}');
  });

  it('lists every metric the dashboard and alerts name', async () => {
    const text = await t.app.metrics.metrics();
    const missing = CONTRACT_METRICS.filter((name) => !(name === 'livemarket_redis_up' && !t.config.redisUrl)).filter((name) => !text.includes(`# TYPE ${name} `));
    expect(missing).toEqual([]);
    // The embedded SFU is one node.
    expect(await sample('livemarket_media_node_up', { node: 'embedded' })).toBe(1);
  });

  it('stops when the app closes, and a taken port leaves the app serving without it', async () => {
    const busy = createServer();
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
    const port = (busy.address() as AddressInfo).port;
    const second = await buildTestApp({ METRICS_PORT: String(port), METRICS_HOST: '127.0.0.1' });
    try {
      // Two apps in one process: each has its own registry, and building the second threw nothing.
      expect(second.app.metrics).not.toBe(t.app.metrics);
      await second.app.listen({ port: 0, host: '127.0.0.1' });
      expect(await second.app.metricsAddress()).toBeNull();
      const health = await fetch(`http://127.0.0.1:${(second.app.server.address() as AddressInfo).port}/api/health`);
      expect(health.status).toBe(200);
    } finally {
      await second.close();
      busy.close();
    }
    const third = await buildTestApp({ METRICS_PORT: '0' });
    await third.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(await third.app.metricsAddress())!.port}/metrics`;
    expect((await fetch(url)).status).toBe(200);
    await third.close();
    await expect(fetch(url)).rejects.toThrow();
  });
});

describe('the series move', () => {
  it('times each request under its route pattern, and unknown URLs under one label', async () => {
    const streamId = randomUUID();
    const before = (await sample('http_request_duration_seconds', { route: '/api/streams/:id', status_code: '404' }, 'http_request_duration_seconds_count')) ?? 0;
    expect((await call(t.app, 'GET', `/api/streams/${streamId}`, buyer)).statusCode).toBe(404);
    expect(await sample('http_request_duration_seconds', { method: 'GET', route: '/api/streams/:id', status_code: '404' }, 'http_request_duration_seconds_count')).toBe(before + 1);
    expect((await call(t.app, 'GET', `/api/no/such/${streamId}`, buyer)).statusCode).toBe(404);
    expect(await sample('http_request_duration_seconds', { route: '__unknown__', status_code: '404' }, 'http_request_duration_seconds_count')).toBeGreaterThan(0);
    const text = await t.app.metrics.metrics();
    expect(text).not.toContain(streamId);
    expect(text).not.toContain('/api/no/such');
  });

  it('counts sockets, times chat fan-out, and shows viewers of live shows only', async () => {
    const streamId = await goLive(t.app, seller);
    const url = await wsUrl(t.app);
    const viewers = await Promise.all([buyer, await makeUser(t.app, 'Dev')].map((u) => TestSocket.connect(url, { cookie: u.cookie, origin: t.config.publicOrigin })));
    sockets.push(...viewers);
    for (const s of viewers) {
      s.send({ type: 'join_stream', streamId });
      await s.nextOf('viewer_count_update');
    }
    expect(await sample('livemarket_ws_connections')).toBe(2);
    // Counts go out at most once a second: the second viewer's may come a moment later.
    await expect.poll(() => sample('livemarket_show_viewers', { stream_id: streamId }), { timeout: 3000 }).toBe(2);

    const fanouts = (await sample('livemarket_chat_fanout_seconds', {}, 'livemarket_chat_fanout_seconds_count')) ?? 0;
    viewers[0]!.send({ type: 'chat_message', streamId, message: 'Is COD available?', clientId: randomUUID() });
    await viewers[1]!.nextOf('new_chat_message');
    expect(await sample('livemarket_chat_fanout_seconds', {}, 'livemarket_chat_fanout_seconds_count')).toBe(fanouts + 1);
    expect(await sample('livemarket_chat_fanout_seconds', { le: '+Inf' }, 'livemarket_chat_fanout_seconds_bucket')).toBe(fanouts + 1);

    expect((await call(t.app, 'PATCH', `/api/streams/${streamId}`, seller, { isLive: false })).statusCode).toBe(200);
    expect(await sample('livemarket_show_viewers', { stream_id: streamId })).toBeUndefined();
    viewers[1]!.close();
    await expect.poll(() => sample('livemarket_ws_connections')).toBe(1);
  });

  it('counts payments by outcome', async () => {
    const failedBefore = (await sample('livemarket_payments_total', { outcome: 'failed' })) ?? 0;
    const succeededBefore = (await sample('livemarket_payments_total', { outcome: 'succeeded' })) ?? 0;
    const failing = await paidOrder();
    expect((await pay(failing.paymentId, 'failure')).statusCode).toBe(200);
    // Told again, a settled payment changes nothing and is not counted twice.
    await pay(failing.paymentId, 'failure');
    expect(await sample('livemarket_payments_total', { outcome: 'failed' })).toBe(failedBefore + 1);
    const paying = await paidOrder();
    expect((await pay(paying.paymentId, 'success')).statusCode).toBe(200);
    expect(await sample('livemarket_payments_total', { outcome: 'succeeded' })).toBe(succeededBefore + 1);
    expect(await sample('livemarket_payments_total', { outcome: 'failed' })).toBe(failedBefore + 1);
  });

  it('counts a refund waiting, with its age', async () => {
    const before = (await sample('livemarket_refunds_pending')) ?? 0;
    const { orderId, paymentId } = await paidOrder();
    expect((await pay(paymentId, 'success')).statusCode).toBe(200);
    // The refund job does not run in tests (no housekeeping): the refund waits.
    expect((await call(t.app, 'POST', `/api/orders/${orderId}/cancel`, buyer, {})).statusCode).toBe(200);
    expect(await sample('livemarket_refunds_pending')).toBe(before + 1);
    expect(await sample('livemarket_refund_oldest_pending_age_seconds')).toBeGreaterThanOrEqual(0);
  });

  it('counts a failed payout', async () => {
    const before = (await sample('livemarket_payouts_total', { outcome: 'failed' })) ?? 0;
    // A store without a payout account: its payout fails when sent.
    const [row] = await t.database.db.insert(payouts).values({ sellerId: seller.sellerId, amountPaise: 50_000, provider: 'simulated', key: `test:${randomUUID()}` }).returning();
    await t.app.money.payouts.send(row!.id);
    expect(await sample('livemarket_payouts_total', { outcome: 'failed' })).toBe(before + 1);
    await t.app.money.payouts.send(row!.id);
    expect(await sample('livemarket_payouts_total', { outcome: 'failed' })).toBe(before + 1);
  });

  it("times a carrier webhook's lag from the carrier's event time, once per new event", async () => {
    const { orderId, paymentId } = await paidOrder();
    expect((await pay(paymentId, 'success')).statusCode).toBe(200);
    const awb = await ship(t.app, seller, orderId);
    const count = () => sample('livemarket_carrier_webhook_lag_seconds', {}, 'livemarket_carrier_webhook_lag_seconds_count');
    const sum = () => sample('livemarket_carrier_webhook_lag_seconds', {}, 'livemarket_carrier_webhook_lag_seconds_sum');
    const [countBefore, sumBefore] = [(await count()) ?? 0, (await sum()) ?? 0];
    const event = { awb, status: 'in_transit', location: 'Bengaluru hub', at: new Date(Date.now() - 120_000).toISOString() };
    const hook = () => t.app.inject({ method: 'POST', url: '/api/shipping/webhooks/simulated', headers: { 'x-carrier-secret': SECRET }, payload: { events: [event] } });
    expect((await hook()).json()).toMatchObject({ stored: 1 });
    expect((await hook()).json()).toMatchObject({ duplicate: 1 });
    await t.app.parcels.events.settled();
    expect(await count()).toBe(countBefore + 1);
    const lag = (await sum())! - sumBefore;
    expect(lag).toBeGreaterThanOrEqual(120);
    expect(lag).toBeLessThan(180);
  });

  it('reports the database pool', async () => {
    const total = await sample('livemarket_db_pool_connections', { state: 'total' });
    expect(total).toBeGreaterThanOrEqual(1);
    expect(await sample('livemarket_db_pool_connections', { state: 'waiting' })).toBe(0);
    if (t.config.redisUrl) expect(await sample('livemarket_redis_up')).toBe(1);
  });
});

describe('label sets', () => {
  it('carry no user, order, payment or phone ids: a UUID only as a stream_id', async () => {
    // A live show with a viewer, so the one id allowed is there to be told apart.
    const streamId = await goLive(t.app, seller, 'Sarees, live');
    const viewer = await TestSocket.connect(await wsUrl(t.app), { cookie: buyer.cookie, origin: t.config.publicOrigin });
    sockets.push(viewer);
    viewer.send({ type: 'join_stream', streamId });
    await viewer.nextOf('viewer_count_update');
    await expect.poll(() => sample('livemarket_show_viewers', { stream_id: streamId })).toBe(1);
    const text = await t.app.metrics.metrics();
    expect(text).toContain(`livemarket_show_viewers{stream_id="${streamId}"} 1`);
    const uuid = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;
    const offending: string[] = [];
    for (const line of text.split('\n')) {
      if (line.startsWith('#') || !line.includes('{')) continue;
      for (const [, label, value] of line.matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) {
        if ((label !== 'stream_id' && uuid.test(value!)) || /\+?\d[\d ]{9,}/.test(value!)) offending.push(line);
      }
    }
    expect(offending).toEqual([]);
    // The sample above had real ids to leak: users, orders, payments, a show.
    expect(text).toContain('livemarket_payments_total{outcome="failed"}');
  });
});
