import type { FastifyBaseLogger } from 'fastify';
import {
  MODERATOR_INVITATION_DAYS,
  MODERATOR_INVITATIONS_PENDING_MAX,
  MODERATOR_INVITATIONS_PER_DAY,
  type AddModeratorBody,
  type InvitationAccepted,
  type InvitationRemoved,
  type ModeratorInvitation,
  type MyModeratorInvitation,
} from '@live-market/contract';
import type { Db } from '../../db/client.js';
import { HttpError } from '../../plugins/errors.js';
import type { Limiter } from '../../plugins/limits.js';
import { displayName } from '../auth/index.js';
import { notify, type UnreadPush } from '../notifications/index.js';
import type { PushSender } from '../push/index.js';
import * as invites from './invitations-repository.js';
import * as repo from './repository.js';
import type { ChatChanges } from './chat-changes.js';
import type { ModerationHub } from './hub-port.js';

export interface InvitationDeps {
  db: Db;
  hub: Pick<ModerationHub, 'sendToUser'>;
  limiter: Limiter;
  push: Pick<PushSender, 'sendNotifications'>;
  pushUnread: UnreadPush;
  log: FastifyBaseLogger;
  /** A new moderator skips the chat's filters on every instance from their next line. */
  changes?: Pick<ChatChanges, 'publish'>;
}

/** Where the invitee answers: the notifications page shows the invitation with Accept and Decline. */
const ANSWER_AT = '/notifications';
const DAY_SECONDS = 24 * 60 * 60;
const GONE = 'This invitation is no longer open';

type Row = NonNullable<Awaited<ReturnType<typeof invites.insertInvitation>>>;
const ownerView = (row: Row, name: string | null): ModeratorInvitation => ({
  id: row.id,
  phone: row.phone,
  displayName: row.inviteeId ? name : null,
  invitedAt: row.createdAt.toISOString(),
  expiresAt: row.expiresAt.toISOString(),
});

/**
 * Issue 25: an owner invites; the invitee accepts or declines in the app. The answer to the owner is the
 * same whether or not a phone number has an account: the number is stored as typed and matched to an
 * account only when that account reads its invitations. Telling the account (in-app and Web Push)
 * happens after the answer has gone, so its cost does not show in the answer's timing either.
 */
export function createInvitations({ db, hub, limiter, push, pushUnread, log, changes }: InvitationDeps) {
  async function ownerOrThrow(sellerId: string, actorId: string) {
    const seller = await repo.findSeller(db, sellerId);
    if (!seller) throw new HttpError(404, 'Seller not found');
    if (seller.userId !== actorId) throw new HttpError(403, "Only the store's owner can do this");
    return seller;
  }

  /** The account the invitation is for, if there is one, hears of it (in the app, and by Web Push). */
  async function tell(row: Row, seller: { userId: string; storeName: string }) {
    const inviteeId = row.inviteeId ?? (await invites.findVerifiedPhoneOwner(db, row.phone!))?.id;
    if (!inviteeId || inviteeId === seller.userId) return;
    await notify(db, {
      userId: inviteeId,
      type: 'moderator_invite',
      kind: 'moderator_invitation',
      params: { store: seller.storeName, days: MODERATOR_INVITATION_DAYS },
      link: ANSWER_AT,
    });
    await pushUnread([inviteeId]);
    await push.sendNotifications([inviteeId], ANSWER_AT);
  }

  return {
    async invite(actorId: string, sellerId: string, body: AddModeratorBody): Promise<ModeratorInvitation> {
      const seller = await ownerOrThrow(sellerId, actorId);
      let invitee: { inviteeId: string } | { phone: string };
      let name: string | null = null;
      if ('userId' in body) {
        // Picked from the chat: the owner already sees this person's name, so nothing here is news.
        const target = await repo.findUser(db, { id: body.userId });
        if (!target) throw new HttpError(404, 'User not found');
        if (target.id === seller.userId) throw new HttpError(400, 'You already run this store');
        if (await repo.isModerator(db, seller.id, target.id)) throw new HttpError(409, 'This person is already a moderator of your store');
        if (await repo.findActiveBan(db, seller.id, target.id)) throw new HttpError(409, 'This person is banned from your store. Unban them first.');
        invitee = { inviteeId: target.id };
        name = displayName(target);
      } else {
        // By number, only the owner's own number and their own moderators' (people who agreed to work
        // with them) are told apart; any other number gets the same answer, account or not.
        const phone = `+91${body.phone}`;
        if ((await invites.phoneOf(db, seller.userId)) === phone) throw new HttpError(400, 'You already run this store');
        if (await invites.isModeratorPhone(db, seller.id, phone)) throw new HttpError(409, 'This person is already a moderator of your store');
        invitee = { phone };
      }
      const row = await db.transaction(async (tx) => {
        await invites.lockStoreInvitations(tx, seller.id);
        await invites.deleteExpired(tx);
        if ((await invites.countOpen(tx, seller.id)) >= MODERATOR_INVITATIONS_PENDING_MAX) {
          throw new HttpError(409, 'You can have at most {{max}} invitations waiting. Cancel one first.', { max: MODERATOR_INVITATIONS_PENDING_MAX });
        }
        const row = await invites.insertInvitation(tx, { sellerId: seller.id, invitedBy: actorId, ...invitee });
        if (!row) throw new HttpError(409, 'You have already invited them. The invitation is waiting for an answer.');
        // Counted last, so a refused invitation does not use up the day's (the throw rolls the row back);
        // cancelling one does not give it back.
        const { allowed, retryAfterSeconds } = await limiter.hit(`moderator-invitations:${seller.id}`, MODERATOR_INVITATIONS_PER_DAY, DAY_SECONDS);
        if (!allowed) throw new HttpError(429, 'Too many invitations today. Try again tomorrow.', {}, retryAfterSeconds);
        return row;
      });
      setImmediate(() => void tell(row, seller).catch((err: unknown) => log.warn({ err, invitationId: row.id }, 'telling an invited moderator failed')));
      return ownerView(row, name);
    },

    async forStore(actorId: string, sellerId: string): Promise<ModeratorInvitation[]> {
      await ownerOrThrow(sellerId, actorId);
      return (await invites.listForStore(db, sellerId)).map(({ invitation, invitee }) => ownerView(invitation, displayName(invitee ?? { firstName: null, lastName: null })));
    },

    async cancel(actorId: string, sellerId: string, invitationId: string): Promise<InvitationRemoved> {
      await ownerOrThrow(sellerId, actorId);
      if (!(await invites.deleteForStore(db, sellerId, invitationId))) throw new HttpError(404, GONE);
      return { id: invitationId, removed: true };
    },

    /** One per store (an owner may have sent one by number and one from the chat). */
    async mine(userId: string): Promise<MyModeratorInvitation[]> {
      const seen = new Set<string>();
      return (await invites.listForInvitee(db, userId))
        .filter((row) => !seen.has(row.sellerId) && seen.add(row.sellerId))
        .map((row) => ({ id: row.id, sellerId: row.sellerId, storeName: row.storeName, invitedAt: row.createdAt.toISOString(), expiresAt: row.expiresAt.toISOString() }));
    },

    /**
     * Takes the (store, user) lock a ban takes, so an accept and a ban of the same person are one after
     * the other: a ban that came first refuses the accept; one that comes after removes the new moderator.
     */
    async accept(userId: string, invitationId: string): Promise<InvitationAccepted> {
      const seller = await db.transaction(async (tx) => {
        const invitation = await invites.findForInvitee(tx, userId, invitationId);
        const seller = invitation && (await repo.findSeller(tx, invitation.sellerId));
        if (!invitation || !seller || seller.userId === userId) throw new HttpError(404, GONE);
        await repo.lockMember(tx, seller.id, userId, 'exclusive');
        if (await repo.findActiveBan(tx, seller.id, userId)) throw new HttpError(403, "You are banned from this store's shows");
        if (await repo.addModerator(tx, seller.id, userId)) {
          await repo.log(tx, { sellerId: seller.id, actorId: invitation.invitedBy, targetUserId: userId, action: 'moderator_added' });
        }
        await invites.deleteForInvitee(tx, userId, seller.id);
        return seller;
      });
      await changes?.publish({ kind: 'member', sellerId: seller.id, userId });
      await hub.sendToUser(userId, { type: 'chat_role_update', sellerId: seller.id, role: 'moderator' });
      return { id: invitationId, sellerId: seller.id, storeName: seller.storeName, role: 'moderator' };
    },

    async decline(userId: string, invitationId: string): Promise<InvitationRemoved> {
      await db.transaction(async (tx) => {
        const invitation = await invites.findForInvitee(tx, userId, invitationId);
        if (!invitation) throw new HttpError(404, GONE);
        await invites.deleteForInvitee(tx, userId, invitation.sellerId);
      });
      return { id: invitationId, removed: true };
    },
  };
}

export type Invitations = ReturnType<typeof createInvitations>;
