import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Payout, PayoutAccount, PayoutAccountBody } from '@live-market/contract';
import type { Db, Tx } from '../../db/client.js';
import { formatRupees } from '../../i18n/rupees.js';
import type { JobQueue } from '../../jobs/queue.js';
import { insertLines, paiseToRupeeString, payableSellers, type PayoutHold } from '../ledger/index.js';
import { notify, type UnreadPush } from '../notifications/index.js';
import { sellers } from '../sellers/tables.js';
import type { PayoutProvider, PayoutRequest, PayoutResult } from './provider.js';
import { payoutAccounts, payoutHolds, payouts } from './tables.js';

export const PAYOUT_RUN_JOB = 'payout-run';
export const PAYOUT_SEND_JOB = 'payout-send';
const RECHECK_MS = 10_000;

type PayoutRow = typeof payouts.$inferSelect;
type AccountRow = typeof payoutAccounts.$inferSelect;

const last4 = (s: string) => `••••${s.slice(-4)}`;
function toAccountDto(a: AccountRow): PayoutAccount {
  const [name, handle] = (a.vpa ?? '').split('@');
  return {
    kind: a.kind,
    accountHolderName: a.accountHolderName,
    ifsc: a.ifsc,
    accountNumberMasked: a.accountNumber ? last4(a.accountNumber) : null,
    vpaMasked: a.vpa ? `${name!.slice(0, 2)}•••@${handle}` : null,
    updatedAt: a.updatedAt.toISOString(),
  };
}

export function toPayoutDto(p: PayoutRow): Payout {
  return { id: p.id, amount: paiseToRupeeString(p.amountPaise), status: p.status, utr: p.utr, failureReason: p.failureReason, createdAt: p.createdAt.toISOString() };
}

export interface PayoutsDeps {
  db: Db;
  queue: JobQueue;
  provider: PayoutProvider;
  pushUnread: UnreadPush;
  now: () => number;
  intervalSeconds: number;
  minimumPaise: number;
  /** Which orders' earnings are past their return window (PayoutHold). */
  hold: () => PayoutHold;
  /** Issue 30: told of each payout paid or failed, once recorded (the metrics count them). */
  onOutcome?: (outcome: 'paid' | 'failed') => void;
}

export function createPayoutsService(deps: PayoutsDeps) {
  const { db, queue, provider, now } = deps;

  async function tellSeller(tx: Tx, sellerId: string, kind: 'payout_paid' | 'payout_failed', params: Record<string, string>) {
    const [seller] = await tx.select({ userId: sellers.userId }).from(sellers).where(eq(sellers.id, sellerId));
    if (!seller) return null;
    await notify(tx, { userId: seller.userId, type: 'order_update', kind, params, link: '/seller/money' });
    return seller.userId;
  }

  /** Records what the provider said; a failure puts the money back to available with a reversal line. */
  async function record(p: PayoutRow, result: PayoutResult): Promise<void> {
    let settled: 'paid' | 'failed' | null = null;
    const tell = await db.transaction(async (tx) => {
      const [current] = await tx.select().from(payouts).where(eq(payouts.id, p.id)).for('update');
      if (!current || current.status === 'paid' || current.status === 'failed') return null;
      const amount = formatRupees(paiseToRupeeString(p.amountPaise));
      if (result.status === 'processing') {
        await tx.update(payouts).set({ status: 'processing', providerPayoutId: result.providerPayoutId, updatedAt: new Date(now()) }).where(eq(payouts.id, p.id));
        return null;
      }
      settled = result.status;
      if (result.status === 'paid') {
        await tx.update(payouts).set({ status: 'paid', providerPayoutId: result.providerPayoutId, utr: result.utr, updatedAt: new Date(now()) }).where(eq(payouts.id, p.id));
        return tellSeller(tx, p.sellerId, 'payout_paid', { amount, utr: result.utr });
      }
      await tx.update(payouts).set({ status: 'failed', providerPayoutId: result.providerPayoutId, failureReason: result.reason, updatedAt: new Date(now()) }).where(eq(payouts.id, p.id));
      await insertLines(tx, [{ sellerId: p.sellerId, type: 'reversal', amountPaise: p.amountPaise, payoutId: p.id, key: `payout-failed:${p.id}`, note: result.reason, createdAt: new Date(now()) }]);
      return tellSeller(tx, p.sellerId, 'payout_failed', { amount, reason: result.reason });
    });
    if (settled) deps.onOutcome?.(settled);
    if (tell) await deps.pushUnread([tell]);
    if (result.status === 'processing') {
      const at = now() + RECHECK_MS;
      await queue.send(PAYOUT_SEND_JOB, [{ key: `${p.id}:${at}`, data: { payoutId: p.id }, startAfter: new Date(at) }]);
    }
  }

  const service = {
    async account(sellerId: string): Promise<PayoutAccount | null> {
      const [a] = await db.select().from(payoutAccounts).where(eq(payoutAccounts.sellerId, sellerId));
      return a ? toAccountDto(a) : null;
    },

    async saveAccount(sellerId: string, body: PayoutAccountBody): Promise<PayoutAccount> {
      const values = 'vpa' in body
        ? { kind: 'vpa' as const, accountHolderName: body.accountHolderName, vpa: body.vpa.toLowerCase(), ifsc: null, accountNumber: null }
        : { kind: 'bank' as const, accountHolderName: body.accountHolderName, ifsc: body.ifsc, accountNumber: body.accountNumber, vpa: null };
      // A new destination needs new provider records: the old ids are dropped with the old details.
      const [saved] = await db
        .insert(payoutAccounts)
        .values({ sellerId, ...values, updatedAt: new Date(now()) })
        .onConflictDoUpdate({ target: payoutAccounts.sellerId, set: { ...values, providerContactId: null, providerAccountId: null, updatedAt: new Date(now()) } })
        .returning();
      return toAccountDto(saved!);
    },

    async list(sellerId: string): Promise<Payout[]> {
      const rows = await db.select().from(payouts).where(eq(payouts.sellerId, sellerId)).orderBy(desc(payouts.createdAt)).limit(100);
      return rows.map(toPayoutDto);
    },

    /**
     * One payout run (its slot: a PAYOUT_INTERVAL_SECONDS period). Runs are serialised by an advisory
     * lock and each seller's payout is keyed by the slot, so two instances running it at the same moment
     * pay each available balance once. Returns the payouts made.
     */
    async run(slot: number): Promise<PayoutRow[]> {
      const made = await db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext('live-market:payout-run'))`);
        const payable = await payableSellers(tx, deps.hold(), deps.minimumPaise);
        if (!payable.length) return [];
        const withAccount = new Set(
          (await tx.select({ id: payoutAccounts.sellerId }).from(payoutAccounts).where(inArray(payoutAccounts.sellerId, payable.map((p) => p.sellerId)))).map((r) => r.id),
        );
        // Held by an operator (issue 28): the balance stays until they release it.
        for (const held of await tx.select({ id: payoutHolds.sellerId }).from(payoutHolds)) withAccount.delete(held.id);
        const rows = payable
          .filter((p) => withAccount.has(p.sellerId))
          .map((p) => ({ sellerId: p.sellerId, amountPaise: p.availablePaise, provider: provider.name, key: `run:${slot}:${p.sellerId}`, createdAt: new Date(now()) }));
        const created: PayoutRow[] = [];
        for (let i = 0; i < rows.length; i += 1000) {
          const chunk = await tx.insert(payouts).values(rows.slice(i, i + 1000)).onConflictDoNothing({ target: payouts.key }).returning();
          created.push(...chunk);
          await insertLines(tx, chunk.map((p) => ({ sellerId: p.sellerId, type: 'payout' as const, amountPaise: -p.amountPaise, payoutId: p.id, key: `payout:${p.id}`, note: '', createdAt: p.createdAt })));
        }
        return created;
      });
      await queue.send(PAYOUT_SEND_JOB, made.map((p) => ({ key: p.id, data: { payoutId: p.id }, startAfter: new Date(now()) })));
      return made;
    },

    /** The job: sends a new payout, or asks where one in processing stands. Safe to run twice. */
    async send(payoutId: string): Promise<void> {
      const [p] = await db.select().from(payouts).where(eq(payouts.id, payoutId));
      if (!p || p.status === 'paid' || p.status === 'failed') return;
      const [account] = await db.select().from(payoutAccounts).where(eq(payoutAccounts.sellerId, p.sellerId));
      if (!account) return record(p, { status: 'failed', providerPayoutId: null, reason: 'No payout account' });
      // Held after this payout was made but before it went out: its money goes back to the balance.
      const [held] = p.status === 'pending' ? await db.select().from(payoutHolds).where(eq(payoutHolds.sellerId, p.sellerId)) : [];
      if (held) return record(p, { status: 'failed', providerPayoutId: null, reason: 'Payouts are on hold' });
      const request: PayoutRequest = {
        payoutId: p.id,
        key: p.key,
        sellerId: p.sellerId,
        amountPaise: p.amountPaise,
        destination: account,
        narration: 'LiveMarket payout',
      };
      if (p.status === 'processing' && p.providerPayoutId) return record(p, await provider.status(p.providerPayoutId, request));
      const result = await provider.send(request);
      if (result.destinationIds) {
        await db
          .update(payoutAccounts)
          .set({ providerContactId: result.destinationIds.contactId, providerAccountId: result.destinationIds.accountId })
          .where(and(eq(payoutAccounts.sellerId, p.sellerId), eq(payoutAccounts.updatedAt, account.updatedAt)));
      }
      await record(p, result);
    },

    /** The slot a moment falls in, and when the next one starts. */
    slotOf(at: number) {
      const ms = deps.intervalSeconds * 1000;
      return { slot: Math.floor(at / ms), nextAt: (Math.floor(at / ms) + 1) * ms };
    },
  };
  return service;
}
export type PayoutsService = ReturnType<typeof createPayoutsService>;
