import { and, eq, getTableName, inArray, isNull, notInArray, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { HttpError } from '../../plugins/errors.js';
import { operatorGrants, session, user, verification } from '../auth/tables.js';
import { invoices } from '../invoices/tables.js';
import { ledgerLines } from '../ledger/tables.js';
import { payouts } from '../payouts/tables.js';
import { OPEN_RETURN_STATUSES, returns } from '../returns/tables.js';
import { follows, sellers } from '../sellers/tables.js';
import { notifications, orders } from '../shopper/tables.js';
import { streams } from '../streams/tables.js';
import { NAMELESS, displayName } from '../auth/index.js';
import { reviewerName } from '../reviews/index.js';
import { userColumns } from './export.js';
import { closeStore } from './close-store.js';

/**
 * What erasing an account does to each row that points at it. `delete`: the person's own things
 * (sessions, addresses, follows, tickets…). `unlink`: kept, no longer theirs (a review stays, by
 * "Deleted user"). `keep`: records the law or other people need (orders, payments, money, bids, chat
 * lines, moderation history), pointing at an account with nothing personal left. Every column that
 * points at a user must be here: a test walks the schema.
 */
export const ERASURE: Record<string, 'delete' | 'unlink' | 'keep'> = {
  'account.user_id': 'delete',
  'addresses.user_id': 'delete',
  'auction_bids.user_id': 'keep',
  'auctions.leader_id': 'keep',
  'cart_items.user_id': 'delete',
  'chat_messages.user_id': 'keep',
  'coin_ledger.user_id': 'keep',
  'consents.user_id': 'delete',
  'deal_waitlist.user_id': 'delete',
  'follows.follower_id': 'delete',
  'gift_events.sender_id': 'keep',
  'message_reports.reporter_id': 'delete',
  'moderation_log.actor_id': 'keep',
  'moderation_log.target_user_id': 'keep',
  'moderator_invitations.invitee_id': 'delete',
  'moderator_invitations.invited_by': 'delete',
  'notifications.user_id': 'delete',
  // Issue 28: the operator console's records name the operator who acted, as the law of records wants.
  'operator_audit.operator_id': 'keep',
  'orders.user_id': 'keep',
  'payments.user_id': 'keep',
  'poll_votes.user_id': 'keep',
  'push_subscriptions.user_id': 'delete',
  'quiz_attempts.user_id': 'keep',
  'refund_approvals.decided_by': 'keep',
  'refund_approvals.requested_by': 'keep',
  'return_photos.user_id': 'delete',
  'returns.user_id': 'keep',
  'reviews.user_id': 'unlink',
  'sellers.user_id': 'keep',
  'session.user_id': 'delete',
  'store_bans.user_id': 'keep',
  'store_bans.created_by': 'keep',
  'store_credit_lines.user_id': 'keep',
  'store_moderators.user_id': 'delete',
  'stream_reminders.user_id': 'delete',
  'stream_replay_views.user_id': 'delete',
  'stream_viewers.user_id': 'delete',
  'support_messages.operator_id': 'keep',
  'support_tickets.user_id': 'delete',
  'wishlist_items.user_id': 'delete',
};

const IN_FLIGHT = ['pending', 'confirmed', 'shipped', 'out_for_delivery', 'delivery_failed'] as const;

/** What must be settled first: a parcel on its way, a return under way, a store's orders or money. */
async function mustSettle(db: Db | Tx, userId: string) {
  const [mine] = await db.select({ n: sql<number>`count(*)::int` }).from(orders).where(and(eq(orders.userId, userId), inArray(orders.status, [...IN_FLIGHT])));
  if (mine!.n > 0) throw new HttpError(409, 'You have orders still under way. Delete your account once they have arrived or been cancelled.');
  const [open] = await db.select({ n: sql<number>`count(*)::int` }).from(returns).where(and(eq(returns.userId, userId), inArray(returns.status, [...OPEN_RETURN_STATUSES])));
  if (open!.n > 0) throw new HttpError(409, 'A return is still under way. Delete your account once it is refunded or closed.');
  const [store] = await db.select({ id: sellers.id }).from(sellers).where(eq(sellers.userId, userId));
  if (!store) return;
  const [live] = await db.select({ id: streams.id }).from(streams).where(and(eq(streams.sellerId, store.id), eq(streams.isLive, true)));
  if (live) throw new HttpError(409, 'End your live show before you delete your account.');
  const [sold] = await db.select({ n: sql<number>`count(*)::int` }).from(orders).where(and(eq(orders.sellerId, store.id), inArray(orders.status, [...IN_FLIGHT])));
  if (sold!.n > 0) throw new HttpError(409, 'Your store has {{orders}} orders still under way. Ship or cancel them before you delete your account.', { orders: sold!.n });
  const [balance] = await db.select({ paise: sql<string>`coalesce(sum(${ledgerLines.amountPaise}), 0)` }).from(ledgerLines).where(eq(ledgerLines.sellerId, store.id));
  const [paying] = await db.select({ n: sql<number>`count(*)::int` }).from(payouts).where(and(eq(payouts.sellerId, store.id), notInArray(payouts.status, ['paid', 'failed'])));
  if (Number(balance!.paise) !== 0 || paying!.n > 0) throw new HttpError(409, 'Your store has money still to be settled. Wait for your last payout before you delete your account.');
}

/**
 * POST /api/me/delete: the account is erased in one transaction and its sessions listed for the caller
 * to end on every instance. Orders, invoices, ledger lines and payments stay, as tax law requires; an
 * order's delivery address stays only where an invoice was issued from it.
 */
export async function eraseAccount(db: Db, userId: string): Promise<{ sessionIds: string[] }> {
  return db.transaction(async (tx) => {
    const [me] = await tx.select().from(user).where(and(eq(user.id, userId), isNull(user.erasedAt))).for('update');
    if (!me) throw new HttpError(404, 'Account not found');
    // Checked under the account's lock, in the erasure's transaction: nothing slips in between.
    await mustSettle(tx, userId);
    const sessions = await tx.select({ id: session.id }).from(session).where(eq(session.userId, userId));
    await tx.execute(sql`update ${sellers} set followers_count = greatest(followers_count - 1, 0) where id in (select ${follows.sellerId} from ${follows} where ${follows.followerId} = ${userId})`);
    for (const { table, column } of userColumns()) {
      const policy = ERASURE[`${getTableName(table)}.${column.name}`];
      if (policy === 'delete') await tx.delete(table).where(eq(column, userId));
      if (policy === 'unlink') await tx.update(table).set({ [column.name === 'user_id' ? 'userId' : column.name]: null }).where(eq(column, userId));
    }
    // A store nobody runs any more sells nothing: its products are hidden and its announced shows called off.
    const [store] = await tx.select({ id: sellers.id }).from(sellers).where(eq(sellers.userId, userId));
    if (store) await closeStore(tx, store.id);
    await tx.execute(sql`update ${orders} set address = null where ${orders.userId} = ${userId} and not exists (select 1 from ${invoices} i where i.order_id = ${orders.id})`);
    await tx.update(returns).set({ note: '', photoUrls: [] }).where(eq(returns.userId, userId));
    // What told other people about them (a new follower, a review) names them: those notices go.
    for (const name of new Set([displayName(me), reviewerName(me.firstName, me.lastName, false)])) {
      if (!name || name === NAMELESS) continue;
      await tx.delete(notifications).where(or(sql`${notifications.params}::text like ${`%${JSON.stringify(name).slice(1, -1)}%`}`, sql`${notifications.message} like ${`%${name}%`}`));
    }
    // An operator's grant goes with the account: the number signing up afresh is nobody's operator.
    if (me.phoneNumber) await tx.delete(operatorGrants).where(eq(operatorGrants.phone, me.phoneNumber));
    const identifiers = [me.phoneNumber, me.email].filter((v): v is string => Boolean(v));
    if (identifiers.length) await tx.delete(verification).where(or(...identifiers.map((id) => sql`${verification.identifier} like ${`%${id}%`}`)));
    await tx
      .update(user)
      .set({ name: '', email: `erased-${userId}@erased.invalid`, emailVerified: false, image: null, firstName: null, lastName: null, phoneNumber: null, phoneNumberVerified: false, language: null, pushEnabled: false, erasedAt: new Date(), updatedAt: new Date() })
      .where(eq(user.id, userId));
    return { sessionIds: sessions.map((s) => s.id) };
  });
}
