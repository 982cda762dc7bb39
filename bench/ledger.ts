// Issue 26: orders paid, cancelled and refunded at a steady rate on PostgreSQL — how long posting to the
// ledger takes (it happens inside the payment's and the cancellation's transactions, so the lag from a
// payment to its ledger line is the payment's own time) — and one payout run over 10,000 sellers.
// Budgets (ARCHITECTURE): payment → ledger line p99 ≤ 100 ms; a payout run over 10,000 sellers ≤ 30 s.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freshPostgres, percentile, ROOT, signIn as signInAt, startServer, stop, waitFor } from './lib.js';

// The server's own payout code, run in this process (loaded at run time: the bench does not typecheck the server).
const serverModule = (file: string) => import(path.join(ROOT, 'apps/server/src', file));

const quiet = { warn() {}, error() {}, info() {}, debug() {}, trace() {}, fatal() {}, child: () => quiet } as never;

async function payoutRun(databaseUrl: string, sellers: number) {
  const [{ fromPool }, { createJobQueue }, { createPayoutsService }, { simulatedPayouts }] = await Promise.all(
    ['db/client.ts', 'jobs/queue.ts', 'modules/payouts/service.ts', 'modules/payouts/simulated.ts'].map(serverModule),
  );
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 4 });
  // 10,000 sellers with a UPI id and an available balance (an opening adjustment line each).
  await pool.query(`
    with u as (
      insert into "user" (name, email, first_name) select 'Bench ' || i, 'bench' || i || '@sellers.test', 'Bench' from generate_series(1, ${sellers}) i returning id, email
    ), s as (
      insert into sellers (user_id, store_name) select id, 'Store ' || email from u returning id
    ), a as (
      insert into payout_accounts (seller_id, kind, account_holder_name, vpa) select id, 'vpa', 'Bench Seller', 'bench@okaxis' from s returning seller_id
    )
    insert into ledger_lines (seller_id, type, amount_paise, key, note) select seller_id, 'adjustment', 25000 + (random() * 100000)::int, 'bench:' || seller_id, 'opening' from a`);
  const database = fromPool(pool);
  const payouts = createPayoutsService({
    db: database.db,
    queue: createJobQueue({ database, log: quiet, run: false }),
    provider: simulatedPayouts({ delayMs: 0 }),
    pushUnread: async () => {},
    now: Date.now,
    intervalSeconds: 86_400,
    minimumPaise: 10_000,
    hold: () => ({ before: new Date(), days: 0 }),
  });
  const t0 = performance.now();
  const made = await payouts.run(1);
  const runMs = Math.round(performance.now() - t0);
  // Sending: each payout's job, 8 at a time (a worker's batch), twice (processing, then paid).
  const t1 = performance.now();
  for (let round = 0; round < 2; round++) {
    for (let i = 0; i < made.length; i += 8) await Promise.all(made.slice(i, i + 8).map((p: { id: string }) => payouts.send(p.id)));
  }
  const sendMs = Math.round(performance.now() - t1);
  const { rows } = await pool.query(`select count(*)::int as paid from payouts where status = 'paid'`);
  await database.close();
  return { sellers, payouts: made.length, paid: rows[0].paid as number, runMs, sendAllMs: sendMs };
}

// Progress on stderr: a run that stalls says where.
const step = (what: string) => console.error(`ledger bench: ${what}`);

export async function benchLedger({ ordersPerSecond = 200, seconds = 30, sellers = 10_000 } = {}) {
  const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const databaseUrl = await freshPostgres(adminUrl, 'lm_bench_ledger');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lm-ledger-'));
  const port = 5098;
  const base = `http://127.0.0.1:${port}`;
  const server = startServer({
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL: `http://localhost:${port}`,
    MEDIA_MODE: 'none',
    DATABASE_URL: databaseUrl,
    SEED_DEMO_DATA: 'false',
    NODE_ENV: 'production',
    ALLOW_DEV_SETTINGS_IN_PRODUCTION: 'true',
    SESSION_SECRET: 'bench-only-secret-0123456789abcdef0123456789abcdef',
    OTP_DELIVERY: 'console',
    OTP_SEND_LIMIT_PER_IP: '1000000',
    API_RATE_LIMIT_PER_MINUTE: '100000000',
  });
  const post = (url: string, body: object, cookie: string) =>
    fetch(base + url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: `http://localhost:${port}`, cookie },
      body: JSON.stringify(body),
      // An answer that never comes is counted as an error, not waited for for good.
      signal: AbortSignal.timeout(30_000),
    });
  try {
    await waitFor(`${base}/api/health`);
    step('server up; signing in 100 buyers');
    const owner = await signInAt(base, '7999999999', 'Owner');
    await post('/api/sellers', { storeName: 'Ledger Bench', description: 'Money after the order benchmark', category: 'jewelry' }, owner);
    const product = (await (await post('/api/products', { name: 'Bench jhumka', price: '1030', category: 'jewelry', countryOfOrigin: 'IN', stockQuantity: 1_000_000 }, owner)).json()) as { id: string };
    const buyers = await Promise.all(Array.from({ length: 100 }, (_, i) => signInAt(base, `6${String(200000000 + i)}`, 'Buyer')));
    const addresses = await Promise.all(
      buyers.map(async (cookie) => ((await (await post('/api/addresses', { name: 'Bench Buyer', phone: '+91 98765 43210', pincode: '560001', state: 'Karnataka', city: 'Bengaluru', line1: '12 MG Road' }, cookie)).json()) as { id: string }).id),
    );

    step(`placing ${ordersPerSecond * seconds} orders at ${ordersPerSecond}/s`);
    const payMs: number[] = [];
    const cancelMs: number[] = [];
    const statuses: Record<string, number> = {};
    const count = (s: string) => void (statuses[s] = (statuses[s] ?? 0) + 1);
    const one = async (n: number) => {
      const cookie = buyers[n % buyers.length]!;
      const placed = await post('/api/orders', { items: [{ productId: product.id, quantity: 1 }], addressId: addresses[n % buyers.length], paymentMethod: 'upi', idempotencyKey: `bench-${n}-${Date.now()}` }, cookie);
      count(`place ${placed.status}`);
      if (!placed.ok) return;
      const { order, payment } = (await placed.json()) as { order: { id: string }; payment: { paymentId: string } };
      const t0 = performance.now();
      const paid = await post(`/api/payments/simulated/${payment.paymentId}`, { outcome: 'success' }, cookie);
      payMs.push(performance.now() - t0);
      count(`pay ${paid.status}`);
      // A third are cancelled by the buyer: the refund and its reversal lines are posted.
      if (n % 3 === 0) {
        const t1 = performance.now();
        const cancelled = await post(`/api/orders/${order.id}/cancel`, { reason: 'bench' }, cookie);
        cancelMs.push(performance.now() - t1);
        count(`cancel ${cancelled.status}`);
      }
    };
    const started = performance.now();
    const running: Array<Promise<void>> = [];
    for (let n = 0; n < ordersPerSecond * seconds; n++) {
      const due = started + (n * 1000) / ordersPerSecond;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      running.push(one(n).catch(() => count('error')));
    }
    step('all orders started; waiting for the last answers');
    await Promise.all(running);
    const elapsed = (performance.now() - started) / 1000;
    payMs.sort((a, b) => a - b);
    cancelMs.sort((a, b) => a - b);
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    const { rows } = await client.query(`select type, count(*)::int as n from ledger_lines group by type order by type`);
    await client.end();
    const posting = {
      ordersTarget: ordersPerSecond * seconds,
      achievedOrdersPerSecond: Math.round((payMs.length / elapsed) * 10) / 10,
      statuses,
      ledgerLines: Object.fromEntries(rows.map((r) => [r.type, r.n])),
      paymentToLedgerLineMs: { p50: Math.round(percentile(payMs, 50)), p99: Math.round(percentile(payMs, 99)) },
      cancelWithRefundMs: { p50: Math.round(percentile(cancelMs, 50)), p99: Math.round(percentile(cancelMs, 99)) },
    };
    await stop(server);
    step(`payout run over ${sellers} sellers`);
    const payout = await payoutRun(databaseUrl, sellers);
    const pass = posting.paymentToLedgerLineMs.p99 <= 100 && posting.achievedOrdersPerSecond >= ordersPerSecond * 0.95 && payout.runMs <= 30_000 && payout.paid === sellers;
    return { posting, payout, pass };
  } finally {
    await stop(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
