import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Config } from './config/env.js';
import type { Db, Tx } from './db/client.js';
import type { JobQueue } from './jobs/queue.js';
import type { Deadlines } from './jobs/timers.js';
import type { OutcomeMetrics } from './metrics/outcomes.js';
import type { Auth } from './modules/auth/index.js';
import { createInvoicesService, invoicesRoutes, type InvoicesService } from './modules/invoices/index.js';
import { createLedgerService, createRates, ledgerRoutes, postCourierCharge, postSale, type LedgerService } from './modules/ledger/index.js';
import type { UnreadPush } from './modules/notifications/index.js';
import type { OrderMoney } from './modules/orders/index.js';
import type { MoneyWebhook } from './modules/payments/razorpay.js';
import { payouts as payoutsTable } from './modules/payouts/tables.js';
import { createPayoutsService, PAYOUT_RUN_JOB, PAYOUT_SEND_JOB, payoutsRoutes, type PayoutProvider, type PayoutsService } from './modules/payouts/index.js';
import { razorpayPayouts } from './modules/payouts/razorpay.js';
import { simulatedPayouts } from './modules/payouts/simulated.js';
import { createRefundsService, REFUND_JOB, refundsRoutes, type RefundProvider, type RefundsService } from './modules/refunds/index.js';
import { razorpayRefunds } from './modules/refunds/razorpay.js';
import { simulatedRefunds } from './modules/refunds/simulated.js';
import { refunds as refundsTable } from './modules/refunds/tables.js';
import { storeCreditRoutes } from './modules/store-credit/index.js';

// Issue 26, wired in one place: the ledger, refunds, payouts and invoices, their jobs and routes.

export interface MoneyProviders {
  refunds?: RefundProvider;
  payouts?: PayoutProvider;
}

export interface Money {
  orders: OrderMoney;
  /** Issue 27: the courier's charge for a parcel, on the store's ledger. */
  courierCharge(tx: Tx, c: { sellerId: string; orderId: string | null; shipmentId: string; awb: string; feePaise: number }): Promise<void>;
  ledger: LedgerService;
  refunds: RefundsService;
  payouts: PayoutsService;
  invoices: InvoicesService;
  gatewayEvent(event: MoneyWebhook): Promise<void>;
}

export async function registerMoney(
  app: FastifyInstance,
  deps: {
    db: Db;
    auth: Auth;
    config: Config;
    jobs: JobQueue;
    deadlines: Deadlines;
    pushUnread: UnreadPush;
    now: () => number;
    providers?: MoneyProviders;
    /** Issue 30: told of each payout paid or failed (the metrics). */
    outcomes?: Pick<OutcomeMetrics, 'payout'>;
  },
): Promise<Money> {
  const { db, config, jobs, deadlines, pushUnread, now } = deps;
  const razorpayKeys = (keys: { keyId: string; keySecret: string }) => ({ keyId: keys.keyId, keySecret: keys.keySecret, baseUrl: config.money.razorpayApiUrl });
  // Refunds go back through the gateway that took the money; payouts through RazorpayX when chosen.
  const refundProvider = deps.providers?.refunds ?? (config.razorpay ? razorpayRefunds(razorpayKeys(config.razorpay), fetch) : simulatedRefunds({ now }));
  const payoutProvider =
    deps.providers?.payouts ??
    (config.money.payoutsProvider === 'razorpay' && config.money.razorpayx
      ? razorpayPayouts({ ...razorpayKeys(config.money.razorpayx), accountNumber: config.money.razorpayx.accountNumber }, fetch)
      : simulatedPayouts({ now }));
  const rates = createRates(config.money.commissionBp);
  const ledger = createLedgerService({ db, holdDays: config.money.holdDays, now });
  const invoices = createInvoicesService({ db, now });
  const refunds = createRefundsService({
    db,
    provider: refundProvider,
    upi: payoutProvider,
    deadlines,
    pushUnread,
    now,
    onRefund: (tx, refund) => invoices.issueCreditNote(tx, refund),
  });
  const payouts = createPayoutsService({
    db,
    queue: jobs,
    provider: payoutProvider,
    pushUnread,
    now,
    intervalSeconds: config.money.payoutIntervalSeconds,
    minimumPaise: config.money.payoutMinimumPaise,
    hold: ledger.hold,
    onOutcome: deps.outcomes?.payout,
  });

  deadlines.define<{ refundId: string }>(REFUND_JOB, ({ refundId }) => refunds.process(refundId));
  jobs.define<{ payoutId: string }>(PAYOUT_SEND_JOB, ({ payoutId }) => payouts.send(payoutId));
  // One run per PAYOUT_INTERVAL_SECONDS slot, whichever instance takes the job; each run queues the next.
  const queueRun = (at: number) => {
    const { slot } = payouts.slotOf(at);
    return jobs.send(PAYOUT_RUN_JOB, [{ key: String(slot), data: { slot }, startAfter: new Date(at) }]);
  };
  jobs.define<{ slot: number }>(PAYOUT_RUN_JOB, async ({ slot }) => {
    await payouts.run(slot);
    await queueRun(payouts.slotOf(now()).nextAt);
  });
  jobs.onStart(async () => {
    await queueRun(now());
    await queueRun(payouts.slotOf(now()).nextAt);
  });

  await app.register(ledgerRoutes, { auth: deps.auth, db, ledger });
  await app.register(refundsRoutes, { auth: deps.auth, refunds });
  await app.register(storeCreditRoutes, { auth: deps.auth, db });
  await app.register(payoutsRoutes, { auth: deps.auth, db, payouts });
  await app.register(invoicesRoutes, { auth: deps.auth, db, invoices });

  const orders: OrderMoney = {
    async earned(tx, orderId) {
      await postSale(tx, rates, orderId, now());
      await invoices.issueInvoice(tx, orderId);
    },
    async refund(tx, req) {
      return (await refunds.start(tx, req)) !== null;
    },
    async refundedItems(tx, orderId) {
      return refunds.unitsRefunded(tx, orderId);
    },
    async refundUnearned(tx, req) {
      await refunds.startUnearned(tx, req);
    },
  };
  // A Razorpay event about one of our refunds or payouts: its job runs now instead of at its next poll.
  async function gatewayEvent(event: MoneyWebhook): Promise<void> {
    if (event.kind === 'refund') {
      const [r] = await db.select({ id: refundsTable.id }).from(refundsTable).where(eq(refundsTable.providerRefundId, event.providerId));
      if (r) await refunds.process(r.id);
      return;
    }
    const [p] = await db.select({ id: payoutsTable.id }).from(payoutsTable).where(eq(payoutsTable.providerPayoutId, event.providerId));
    if (p) return payouts.send(p.id);
    // A cash-on-delivery refund paid to the buyer's UPI id is a payout too.
    const [r] = await db.select({ id: refundsTable.id }).from(refundsTable).where(eq(refundsTable.providerRefundId, event.providerId));
    if (r) await refunds.process(r.id);
  }
  const courierCharge: Money['courierCharge'] = (tx, c) => postCourierCharge(tx, rates, c, now());
  return { orders, ledger, refunds, payouts, invoices, gatewayEvent, courierCharge };
}
