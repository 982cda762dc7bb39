import { and, eq, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import type { AdminUser } from '@live-market/contract';
import type { Db, Tx } from '../../db/client.js';
import { HttpError } from '../../plugins/errors.js';
import { displayName, operatorGrants, session, user } from '../auth/index.js';
import { payoutHolds } from '../payouts/index.js';
import { closeStore, type EndSession } from '../privacy/index.js';
import { products } from '../products/index.js';
import { sellers } from '../sellers/index.js';
import { streams, type StreamsService } from '../streams/index.js';
import { writeAudit } from './audit.js';
import { suspendedProducts } from './tables.js';

export interface PeopleDeps {
  db: Db;
  operatorPhones: readonly string[];
  streams: Pick<StreamsService, 'endFor'>;
  endSession: EndSession;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Issue 28: finding a person, suspending and restoring them, holding a store's payouts. */
export function createPeople(deps: PeopleDeps) {
  const { db } = deps;

  async function people(where: ReturnType<typeof and>): Promise<AdminUser[]> {
    const rows = await db
      .select({ u: user, seller: sellers, hold: payoutHolds, granted: operatorGrants.phone })
      .from(user)
      .leftJoin(sellers, eq(sellers.userId, user.id))
      .leftJoin(payoutHolds, eq(payoutHolds.sellerId, sellers.id))
      .leftJoin(operatorGrants, eq(operatorGrants.phone, user.phoneNumber))
      .where(and(isNull(user.erasedAt), where))
      .orderBy(user.createdAt)
      .limit(50);
    return rows.map(({ u, seller, hold, granted }) => ({
      id: u.id,
      name: [u.firstName, u.lastName].filter(Boolean).join(' ') || displayName(u),
      phone: u.phoneNumber,
      sellerId: seller?.id ?? null,
      storeName: seller?.storeName ?? null,
      suspended: u.suspendedAt ? { reason: u.suspendedReason ?? '', at: u.suspendedAt.toISOString() } : null,
      payoutsHeld: hold ? { reason: hold.reason, at: hold.createdAt.toISOString() } : null,
      isOperator: Boolean(u.phoneNumber && (granted !== null || deps.operatorPhones.includes(u.phoneNumber))),
      createdAt: u.createdAt.toISOString(),
    }));
  }

  async function one(userId: string): Promise<AdminUser> {
    const [found] = await people(eq(user.id, userId));
    if (!found) throw new HttpError(404, 'User not found');
    return found;
  }

  /** The account, locked: concurrent suspensions and restorations of one person take turns. */
  async function locked(tx: Tx, userId: string) {
    const [u] = await tx.select().from(user).where(and(eq(user.id, userId), isNull(user.erasedAt))).for('update');
    if (!u) throw new HttpError(404, 'User not found');
    const [store] = await tx.select({ id: sellers.id }).from(sellers).where(eq(sellers.userId, userId));
    return { u, store: store ?? null };
  }

  return {
    one,

    /** By phone (its last digits do), by name or by store name. */
    search(q: string): Promise<AdminUser[]> {
      const digits = q.replace(/\D/g, '');
      const like = `%${escapeLike(q.trim())}%`;
      return people(
        or(
          digits.length >= 2 ? sql`${user.phoneNumber} like ${`%${digits}`}` : undefined,
          ilike(user.name, like),
          ilike(sql`coalesce(${user.firstName}, '') || ' ' || coalesce(${user.lastName}, '')`, like),
          ilike(sellers.storeName, like),
        ),
      );
    },

    /**
     * Signed out on every instance at once (each session ends, its sockets close), refused at sign-in
     * and in chat; a store's live shows end as their seller would end them, its announced ones are called
     * off and its products hidden. One transaction with the audit line; the sign-outs after it commits.
     */
    async suspend(operatorId: string, userId: string, reason: string): Promise<AdminUser> {
      if (userId === operatorId) throw new HttpError(409, 'You cannot suspend your own account');
      const [store] = await db.select({ id: sellers.id }).from(sellers).where(eq(sellers.userId, userId));
      const live = store ? await db.select({ id: streams.id }).from(streams).where(and(eq(streams.sellerId, store.id), eq(streams.isLive, true))) : [];
      let ended: string[] = [];
      await deps.streams.endFor(
        live.map((s) => s.id),
        async (tx, endedNow) => {
          const { u, store } = await locked(tx, userId);
          if (u.suspendedAt) throw new HttpError(409, 'This account is suspended already');
          await tx.update(user).set({ suspendedAt: new Date(), suspendedReason: reason, updatedAt: new Date() }).where(eq(user.id, userId));
          ended = (await tx.delete(session).where(eq(session.userId, userId)).returning({ id: session.id })).map((s) => s.id);
          const hidden = store ? await closeStore(tx, store.id) : [];
          if (hidden.length) await tx.insert(suspendedProducts).values(hidden.map((productId) => ({ productId, sellerId: store!.id }))).onConflictDoNothing();
          const details = { sessions: ended.length, showsEnded: endedNow.length, productsHidden: hidden.length };
          await writeAudit(tx, { operatorId, action: 'user_suspended', targetType: 'user', targetId: userId, reason, details });
        },
      );
      for (const sessionId of ended) await deps.endSession({ id: userId, sessionId });
      return one(userId);
    },

    /** Undoes a suspension: the account may sign in again, and the products it hid come back (no others). */
    async restore(operatorId: string, userId: string, reason: string): Promise<AdminUser> {
      await db.transaction(async (tx) => {
        const { u, store } = await locked(tx, userId);
        if (!u.suspendedAt) throw new HttpError(409, 'This account is not suspended');
        await tx.update(user).set({ suspendedAt: null, suspendedReason: null, updatedAt: new Date() }).where(eq(user.id, userId));
        let shown = 0;
        if (store) {
          const hidden = await tx.delete(suspendedProducts).where(eq(suspendedProducts.sellerId, store.id)).returning({ id: suspendedProducts.productId });
          if (hidden.length) {
            await tx.update(products).set({ isActive: true, updatedAt: new Date() }).where(inArray(products.id, hidden.map((h) => h.id)));
          }
          shown = hidden.length;
        }
        await writeAudit(tx, { operatorId, action: 'user_restored', targetType: 'user', targetId: userId, reason, details: { productsShown: shown } });
      });
      return one(userId);
    },

    /** The payout run passes the store by until released (modules/payouts reads the hold). */
    async holdPayouts(operatorId: string, sellerId: string, reason: string): Promise<AdminUser> {
      const ownerId = await db.transaction(async (tx) => {
        const [store] = await tx.select({ userId: sellers.userId }).from(sellers).where(eq(sellers.id, sellerId));
        if (!store) throw new HttpError(404, 'Seller not found');
        const held = await tx.insert(payoutHolds).values({ sellerId, reason }).onConflictDoNothing().returning();
        if (!held.length) throw new HttpError(409, 'Payouts of this store are on hold already');
        await writeAudit(tx, { operatorId, action: 'payouts_held', targetType: 'seller', targetId: sellerId, reason });
        return store.userId;
      });
      return one(ownerId);
    },

    async releasePayouts(operatorId: string, sellerId: string, reason: string): Promise<AdminUser> {
      const ownerId = await db.transaction(async (tx) => {
        const [store] = await tx.select({ userId: sellers.userId }).from(sellers).where(eq(sellers.id, sellerId));
        if (!store) throw new HttpError(404, 'Seller not found');
        const released = await tx.delete(payoutHolds).where(eq(payoutHolds.sellerId, sellerId)).returning();
        if (!released.length) throw new HttpError(409, 'Payouts of this store are not on hold');
        await writeAudit(tx, { operatorId, action: 'payouts_released', targetType: 'seller', targetId: sellerId, reason });
        return store.userId;
      });
      return one(ownerId);
    },
  };
}

export type People = ReturnType<typeof createPeople>;
