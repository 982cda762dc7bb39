import { and, desc, eq, inArray, lt } from 'drizzle-orm';
import { rupeesToPaise, type PaymentAction, type PaymentState } from '@live-market/contract';
import type { Config } from '../../config/env.js';
import type { Db, Tx } from '../../db/client.js';
import { afterCommit } from '../../db/after-commit.js';
import { HttpError } from '../../plugins/errors.js';
import { isPlaceholderEmail, user } from '../auth/index.js';
import { orderRef, type PushUnread } from '../orders/index.js';
import { orders } from '../shopper/index.js';
import { createRazorpayOrder, type FetchLike } from './razorpay.js';
import { payments } from './tables.js';

export type PaymentRow = typeof payments.$inferSelect;
export type Outcome = 'captured' | 'failed';
/** What a settled payment means for what was bought; runs in the payment's transaction, returns users to tell. */
export type OutcomeHandler = (tx: Tx, payment: PaymentRow, outcome: Outcome) => Promise<string[]>;

export interface PaymentsDeps {
  db: Db;
  config: Pick<Config, 'paymentsProvider' | 'paymentTimeoutMinutes' | 'razorpay'>;
  fetch: FetchLike;
  pushUnread: PushUnread;
  outcomes: Record<PaymentRow['kind'], OutcomeHandler>;
  /** Issue 30: told of each settled payment once its transaction commits (the metrics count them). */
  onOutcome?: (outcome: Outcome) => void;
}

export interface SettleOptions {
  providerPaymentId?: string;
  /** Razorpay only: the gateway reports money taken for a payment we had failed (timed out). */
  late?: boolean;
}

export interface NewPayment {
  kind: PaymentRow['kind'];
  userId: string;
  orderId?: string;
  coinPackId?: string;
  coins?: number;
  amount: string;
  method: 'upi' | 'card' | 'wallet';
  idempotencyKey?: string;
}

export function toPaymentState(p: PaymentRow): PaymentState {
  return { id: p.id, status: p.status, kind: p.kind, orderId: p.orderId, amount: p.amount, coins: p.coins };
}

export function createPaymentsService(deps: PaymentsDeps) {
  const { db, config } = deps;

  async function find(paymentId: string) {
    const [row] = await db.select().from(payments).where(eq(payments.id, paymentId)).limit(1);
    return row ?? null;
  }

  /** Razorpay needs its own order before Checkout opens; it is made once and kept on the payment. */
  async function razorpayOrderOf(p: PaymentRow, description: string): Promise<string> {
    if (p.providerOrderId) return p.providerOrderId;
    const id = await createRazorpayOrder(config.razorpay!, deps.fetch, { amountPaise: rupeesToPaise(p.amount), receipt: p.id, notes: { description } });
    const [saved] = await db
      .update(payments)
      .set({ providerOrderId: id, updatedAt: new Date() })
      .where(and(eq(payments.id, p.id), eq(payments.status, 'created')))
      .returning();
    // A parallel request may have made and saved one first: the saved one is the one to pay.
    return saved?.providerOrderId ?? (await find(p.id))?.providerOrderId ?? id;
  }

  /**
   * Settles a payment in the caller's transaction. The order (if any) is locked first, as a cancellation
   * does, so the two never deadlock. Only an open payment changes; `late` also lets a failed one be
   * captured (a real gateway took the money after we gave up on it). Returns the users to tell, or null
   * when nothing changed.
   */
  async function settleIn(tx: Tx, paymentId: string, outcome: Outcome, opts: SettleOptions = {}): Promise<string[] | null> {
    const [current] = await tx.select({ orderId: payments.orderId }).from(payments).where(eq(payments.id, paymentId));
    if (!current) return null;
    if (current.orderId) await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, current.orderId)).for('update');
    const from: PaymentRow['status'][] = outcome === 'captured' && opts.late ? ['created', 'failed'] : ['created'];
    const [changed] = await tx
      .update(payments)
      .set({ status: outcome, updatedAt: new Date(), ...(opts.providerPaymentId ? { providerPaymentId: opts.providerPaymentId } : {}) })
      .where(and(eq(payments.id, paymentId), inArray(payments.status, from)))
      .returning();
    if (!changed) return null;
    const { onOutcome } = deps;
    if (onOutcome) afterCommit(tx, () => onOutcome(outcome));
    return deps.outcomes[changed.kind](tx, changed, outcome);
  }

  async function apply(paymentId: string, outcome: Outcome, opts: SettleOptions = {}): Promise<boolean> {
    const tell = await db.transaction((tx) => settleIn(tx, paymentId, outcome, opts));
    if (tell?.length) await deps.pushUnread(tell);
    return tell !== null;
  }

  const service = {
    provider: config.paymentsProvider,
    pushUnread: deps.pushUnread,

    async open(tx: Tx, p: NewPayment): Promise<PaymentRow> {
      const [row] = await tx
        .insert(payments)
        .values({ ...p, provider: config.paymentsProvider })
        .returning();
      return row!;
    },

    /** What the client does next to pay (see PaymentAction). Never call inside a transaction: it may call the gateway. */
    async actionFor(p: PaymentRow): Promise<PaymentAction> {
      if (p.provider === 'simulated') return { provider: 'simulated', paymentId: p.id, gatewayUrl: `/api/payments/simulated/${p.id}` };
      if (p.provider !== 'razorpay' || !config.razorpay) return { provider: 'none' };
      const description = p.kind === 'coins' ? `${p.coins} coins` : `Order ${orderRef(p.orderId!)}`;
      const [buyer] = await db.select({ name: user.name, email: user.email, phone: user.phoneNumber }).from(user).where(eq(user.id, p.userId));
      return {
        provider: 'razorpay',
        paymentId: p.id,
        keyId: config.razorpay.keyId,
        razorpayOrderId: await razorpayOrderOf(p, description),
        amountPaise: rupeesToPaise(p.amount),
        currency: 'INR',
        name: 'LiveMarket',
        description,
        prefill: {
          name: buyer?.name ?? '',
          ...(buyer?.phone ? { contact: buyer.phone } : {}),
          ...(buyer?.email && !isPlaceholderEmail(buyer.email) ? { email: buyer.email } : {}),
        },
      };
    },

    async actionForOrder(orderId: string): Promise<PaymentAction> {
      const [p] = await db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(desc(payments.createdAt)).limit(1);
      return p ? service.actionFor(p) : { provider: 'none' };
    },

    async failOpen(tx: Tx, orderId: string): Promise<void> {
      await tx
        .update(payments)
        .set({ status: 'failed', updatedAt: new Date() })
        .where(and(eq(payments.orderId, orderId), eq(payments.status, 'created')));
    },

    async openSince(tx: Tx, orderId: string): Promise<number | null> {
      const [open] = await tx
        .select({ createdAt: payments.createdAt })
        .from(payments)
        .where(and(eq(payments.orderId, orderId), eq(payments.status, 'created')))
        .orderBy(desc(payments.createdAt))
        .limit(1);
      return open ? open.createdAt.getTime() : null;
    },

    timeoutMs: config.paymentTimeoutMinutes * 60_000,

    /** The payment, only for the user who pays it: 404 for anyone else. */
    async own(userId: string, paymentId: string): Promise<PaymentRow> {
      const p = await find(paymentId);
      if (!p || p.userId !== userId) throw new HttpError(404, 'Payment not found');
      return p;
    },

    async findByProviderOrder(provider: 'razorpay', providerOrderId: string, conn: Db | Tx = db) {
      const [row] = await conn
        .select()
        .from(payments)
        .where(and(eq(payments.provider, provider), eq(payments.providerOrderId, providerOrderId)))
        .limit(1);
      return row ?? null;
    },

    settleIn,

    /** Idempotent: a payment settled before is left as it is. Returns the payment as it now stands. */
    async settle(paymentId: string, outcome: Outcome, opts: SettleOptions = {}): Promise<PaymentRow> {
      await apply(paymentId, outcome, opts);
      return (await find(paymentId))!;
    },

    /** Fails every payment still open PAYMENT_TIMEOUT_MINUTES after it was made; returns how many. */
    async sweep(now = new Date()): Promise<number> {
      const cutoff = new Date(now.getTime() - config.paymentTimeoutMinutes * 60_000);
      const stale = await db
        .select({ id: payments.id })
        .from(payments)
        .where(and(eq(payments.status, 'created'), lt(payments.createdAt, cutoff)));
      let failed = 0;
      for (const { id } of stale) if (await apply(id, 'failed')) failed += 1;
      return failed;
    },
  };
  return service;
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
