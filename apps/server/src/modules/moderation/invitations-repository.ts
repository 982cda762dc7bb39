import { and, count, desc, eq, gt, inArray, lte, ne, notExists, or, sql, type SQL } from 'drizzle-orm';
import { MODERATOR_INVITATION_DAYS } from '@live-market/contract';
import type { Db, Tx } from '../../db/client.js';
import { user } from '../auth/tables.js';
import { sellers } from '../sellers/tables.js';
import { moderatorInvitations, storeModerators } from './tables.js';

type Q = Db | Tx;
const open = gt(moderatorInvitations.expiresAt, sql`now()`);

/** One store's invitations are written one at a time, so the pending limit holds under a burst. */
export async function lockStoreInvitations(tx: Tx, sellerId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`moderator-invitations:${sellerId}`}, 0))`);
}

/**
 * Expired invitations (and the numbers in them) go whenever any store writes a new one, a batch at a
 * time; rows another transaction holds are left for the next one (no waiting, no deadlock).
 */
export async function deleteExpired(db: Q) {
  const expired = db
    .select({ id: moderatorInvitations.id })
    .from(moderatorInvitations)
    .where(lte(moderatorInvitations.expiresAt, sql`now()`))
    .limit(100)
    .for('update', { skipLocked: true });
  await db.delete(moderatorInvitations).where(inArray(moderatorInvitations.id, expired));
}

export async function countOpen(db: Q, sellerId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(moderatorInvitations).where(and(eq(moderatorInvitations.sellerId, sellerId), open));
  return row?.n ?? 0;
}

/** Null when the store already has one for this number or person. */
export async function insertInvitation(db: Q, values: { sellerId: string; invitedBy: string; phone: string } | { sellerId: string; invitedBy: string; inviteeId: string }) {
  const [row] = await db
    .insert(moderatorInvitations)
    .values({ ...values, expiresAt: sql`now() + make_interval(days => ${MODERATOR_INVITATION_DAYS})` })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

/** The owner's view: open invitations, newest first; a name only for one sent from the chat. */
export async function listForStore(db: Q, sellerId: string) {
  return db
    .select({ invitation: moderatorInvitations, invitee: { firstName: user.firstName, lastName: user.lastName } })
    .from(moderatorInvitations)
    .leftJoin(user, eq(user.id, moderatorInvitations.inviteeId))
    .where(and(eq(moderatorInvitations.sellerId, sellerId), open))
    .orderBy(desc(moderatorInvitations.createdAt));
}

export async function deleteForStore(db: Q, sellerId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(moderatorInvitations)
    .where(and(eq(moderatorInvitations.id, id), eq(moderatorInvitations.sellerId, sellerId)))
    .returning({ id: moderatorInvitations.id });
  return rows.length > 0;
}

/**
 * The invitations addressed to this user: by id, or by the phone number they verified by signing in
 * with it. Matching happens here, when they read, never when an owner writes one.
 */
function addressedTo(userId: string): SQL {
  const verifiedPhone = sql`(select ${user.phoneNumber} from ${user} where ${user.id} = ${userId} and ${user.phoneNumberVerified})`;
  return and(open, or(eq(moderatorInvitations.inviteeId, userId), eq(moderatorInvitations.phone, verifiedPhone)))!;
}

/** Open invitations to this user from stores they neither own nor moderate yet, newest first. */
export async function listForInvitee(db: Q, userId: string) {
  return db
    .select({ id: moderatorInvitations.id, sellerId: sellers.id, storeName: sellers.storeName, createdAt: moderatorInvitations.createdAt, expiresAt: moderatorInvitations.expiresAt })
    .from(moderatorInvitations)
    .innerJoin(sellers, eq(sellers.id, moderatorInvitations.sellerId))
    .where(
      and(
        addressedTo(userId),
        ne(sellers.userId, userId),
        notExists(
          db
            .select({ one: sql`1` })
            .from(storeModerators)
            .where(and(eq(storeModerators.sellerId, moderatorInvitations.sellerId), eq(storeModerators.userId, userId))),
        ),
      ),
    )
    .orderBy(desc(moderatorInvitations.createdAt));
}

/** The invitation if it is addressed to this user and still open, locked until the transaction ends. */
export async function findForInvitee(tx: Tx, userId: string, id: string) {
  const [row] = await tx
    .select()
    .from(moderatorInvitations)
    .where(and(eq(moderatorInvitations.id, id), addressedTo(userId)))
    .for('update');
  return row ?? null;
}

/** An answer settles every invitation of the store to this person (by number and from the chat). */
export async function deleteForInvitee(tx: Tx, userId: string, sellerId: string) {
  await tx.delete(moderatorInvitations).where(and(eq(moderatorInvitations.sellerId, sellerId), addressedTo(userId)));
}

/** A verified account with this number, for telling it about an invitation; only after the owner has had the answer. */
export async function findVerifiedPhoneOwner(db: Q, phone: string) {
  const [row] = await db
    .select({ id: user.id })
    .from(user)
    .where(and(eq(user.phoneNumber, phone), eq(user.phoneNumberVerified, true)))
    .limit(1);
  return row ?? null;
}

export async function phoneOf(db: Q, userId: string): Promise<string | null> {
  const [row] = await db.select({ phone: user.phoneNumber }).from(user).where(eq(user.id, userId)).limit(1);
  return row?.phone ?? null;
}

/** Whether this number belongs to one of the store's own moderators (they agreed to work with the owner). */
export async function isModeratorPhone(db: Q, sellerId: string, phone: string): Promise<boolean> {
  const rows = await db
    .select({ u: storeModerators.userId })
    .from(storeModerators)
    .innerJoin(user, eq(user.id, storeModerators.userId))
    .where(and(eq(storeModerators.sellerId, sellerId), eq(user.phoneNumber, phone)))
    .limit(1);
  return rows.length > 0;
}
