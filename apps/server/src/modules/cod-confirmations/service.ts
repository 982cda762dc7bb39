import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { afterCommit } from '../../db/after-commit.js';
import type { Deadlines } from '../../jobs/timers.js';
import { formatRupees } from '../../i18n/rupees.js';
import { HttpError } from '../../plugins/errors.js';
import { notify } from '../notifications/index.js';
import { findOrder, orderRef } from '../orders/index.js';
import { codConfirmations } from './tables.js';

export const COD_CONFIRM_JOB = 'cod-confirm-deadline';

const hash = (token: string) => createHash('sha256').update(token).digest('hex');

/** How the link reaches the buyer's phone: printed in development, an SMS or WhatsApp gateway in production. */
export type CodMessenger = (m: { to: string; ref: string; amount: string; link: string }) => Promise<void>;

export interface CodDeps {
  db: Db;
  deadlines: Deadlines;
  publicUrl: string;
  abovePaise: number;
  confirmMs: number;
  send: CodMessenger;
  /** Unconfirmed when its time is up: the order is cancelled and its stock comes back. */
  expire: (orderId: string) => Promise<void>;
  pushUnread: (userIds: string[]) => Promise<void>;
  now: () => number;
  onError: (err: unknown) => void;
}

export function createCodConfirmations(deps: CodDeps) {
  const { db, now } = deps;

  async function confirmRow(tx: Tx, orderId: string): Promise<'confirmed' | 'already' | 'expired'> {
    const [row] = await tx.select().from(codConfirmations).where(eq(codConfirmations.orderId, orderId)).for('update');
    if (!row) return 'already';
    if (row.confirmedAt) return 'already';
    const found = await findOrder(tx, orderId);
    if (row.expiresAt.getTime() <= now() || found?.order.status !== 'confirmed') return 'expired';
    await tx.update(codConfirmations).set({ confirmedAt: new Date(now()) }).where(eq(codConfirmations.orderId, orderId));
    await notify(tx, { userId: found.ownerId, type: 'order_update', kind: 'order_cod_confirmed', params: { ref: orderRef(orderId) }, link: '/seller/dashboard' });
    afterCommit(tx, () => void deps.pushUnread([found.ownerId]).catch(deps.onError));
    return 'confirmed';
  }

  return {
    /** A COD order was placed, inside its transaction: above the limit it waits for the buyer's word. */
    async placed(tx: Tx, o: { orderId: string; userId: string; totalPaise: number; phone: string }): Promise<void> {
      if (o.totalPaise <= deps.abovePaise) return;
      const token = randomBytes(24).toString('base64url');
      const expiresAt = new Date(now() + deps.confirmMs);
      await tx.insert(codConfirmations).values({ orderId: o.orderId, tokenHash: hash(token), expiresAt }).onConflictDoNothing();
      const ref = orderRef(o.orderId);
      const amount = formatRupees((o.totalPaise / 100).toFixed(2));
      const link = `/confirm-cod/${token}`;
      await notify(tx, { userId: o.userId, type: 'order_update', kind: 'order_cod_confirm', params: { ref, amount }, link });
      afterCommit(tx, () => {
        deps.deadlines.at(COD_CONFIRM_JOB, o.orderId, { orderId: o.orderId }, expiresAt.getTime());
        void deps.send({ to: o.phone, ref, amount, link: `${deps.publicUrl}${link}` }).catch(deps.onError);
      });
    },

    /** Whether the seller may ship it: no confirmation asked, or given. */
    async ready(tx: Tx, orderId: string): Promise<boolean> {
      const [row] = await tx.select({ confirmedAt: codConfirmations.confirmedAt }).from(codConfirmations).where(eq(codConfirmations.orderId, orderId));
      return !row || row.confirmedAt !== null;
    },

    /** POST /api/cod-confirmations/{token}: the link from the message; the token is the proof. */
    async confirmByToken(token: string): Promise<{ orderId: string }> {
      const [row] = await db.select({ orderId: codConfirmations.orderId }).from(codConfirmations).where(eq(codConfirmations.tokenHash, hash(token)));
      if (!row) throw new HttpError(404, 'This confirmation link is not valid');
      const outcome = await db.transaction((tx) => confirmRow(tx, row.orderId));
      if (outcome === 'expired') throw new HttpError(409, 'This order can no longer be confirmed');
      return { orderId: row.orderId };
    },

    /** POST /api/orders/{id}/confirm-cod: the buyer, signed in, from the order's details. */
    async confirmByBuyer(userId: string, orderId: string): Promise<void> {
      const found = await findOrder(db, orderId);
      if (!found || found.order.userId !== userId) throw new HttpError(404, 'Order not found');
      const outcome = await db.transaction((tx) => confirmRow(tx, orderId));
      if (outcome === 'expired') throw new HttpError(409, 'This order can no longer be confirmed');
    },

    /** The deadline: still unconfirmed, the order is cancelled. Handlers may run twice; expire() re-checks. */
    async deadline({ orderId }: { orderId: string }): Promise<void> {
      const [row] = await db.select().from(codConfirmations).where(eq(codConfirmations.orderId, orderId));
      if (!row || row.confirmedAt || row.expiresAt.getTime() > now()) return;
      await deps.expire(orderId);
    },
  };
}

export type CodConfirmations = ReturnType<typeof createCodConfirmations>;
