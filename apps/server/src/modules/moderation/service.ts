import {
  type Ban,
  type ChatSettings,
  type ChatSettingsPatch,
  type ModerationLogEntry,
  type Moderator,
  type ReportedMessage,
  type ServerMessage,
} from '@live-market/contract';
import type { Db } from '../../db/client.js';
import { HttpError } from '../../plugins/errors.js';
import { displayName } from '../auth/index.js';
import { normalizeKeyword } from './filter/keywords.js';
import type { ChatGate } from './chat-gate.js';
import type { ModerationHub } from './hub-port.js';
import { createInvitations, type InvitationDeps } from './invitations.js';
import * as repo from './repository.js';

/** What moderation needs from the realtime hub: a stream's room and a user's own sockets. */
type Seller = { id: string; userId: string };
type Staff = { seller: Seller; role: 'owner' | 'moderator' };

const nameOf = (u: { firstName: string | null; lastName: string | null } | null) => (u ? displayName(u) : null);

export function createModerationService(deps: Omit<InvitationDeps, 'hub'> & { db: Db; hub: ModerationHub; gate: ChatGate }) {
  const { db, hub, gate } = deps;
  async function sellerOrThrow(sellerId: string): Promise<Seller> {
    const seller = await repo.findSeller(db, sellerId);
    if (!seller) throw new HttpError(404, 'Seller not found');
    return seller;
  }

  async function streamOrThrow(streamId: string) {
    const stream = await repo.findStream(db, streamId);
    if (!stream) throw new HttpError(404, 'Stream not found');
    return stream;
  }

  /** The owner or one of the store's moderators; anyone else gets 403. */
  async function staffOrThrow(sellerId: string, actorId: string): Promise<Staff> {
    const seller = await sellerOrThrow(sellerId);
    const role = await repo.chatRole(db, seller, actorId);
    if (role === 'viewer') throw new HttpError(403, "Only the store's owner and moderators can do this");
    return { seller, role };
  }

  async function ownerOrThrow(sellerId: string, actorId: string): Promise<Seller> {
    const seller = await sellerOrThrow(sellerId);
    if (seller.userId !== actorId) throw new HttpError(403, "Only the store's owner can do this");
    return seller;
  }

  /** Nobody moderates the owner; moderators do not act on each other. */
  async function assertMayActOn(staff: Staff, targetId: string) {
    if (targetId === staff.seller.userId) throw new HttpError(403, "Nobody can moderate the store's owner");
    if (staff.role === 'moderator' && (await repo.isModerator(db, staff.seller.id, targetId))) {
      throw new HttpError(403, 'Moderators cannot act on each other');
    }
  }

  async function tellStaff(sellerId: string, message: ServerMessage) {
    const seller = await sellerOrThrow(sellerId);
    const moderators = await repo.listModerators(db, sellerId);
    await Promise.all([seller.userId, ...moderators.map((m) => m.userId)].map((id) => hub.sendToUser(id, message)));
  }

  return {
    /** Invitations to moderate: sent by the owner, answered by the invitee (invitations.ts). */
    invitations: createInvitations({ ...deps, changes: gate.changes }),

    async moderators(actorId: string, sellerId: string): Promise<Moderator[]> {
      await staffOrThrow(sellerId, actorId);
      return (await repo.listModerators(db, sellerId)).map((m) => ({
        userId: m.userId,
        displayName: displayName(m),
        phoneEnding: m.phone ? m.phone.slice(-4) : null,
        addedAt: m.createdAt.toISOString(),
      }));
    },

    async removeModerator(actorId: string, sellerId: string, userId: string): Promise<void> {
      const seller = await ownerOrThrow(sellerId, actorId);
      const removed = await db.transaction(async (tx) => {
        const removed = await repo.removeModerator(tx, seller.id, userId);
        if (removed) await repo.log(tx, { sellerId: seller.id, actorId, targetUserId: userId, action: 'moderator_removed' });
        return removed;
      });
      if (!removed) throw new HttpError(404, 'This person is not a moderator of your store');
      await gate.changes.publish({ kind: 'member', sellerId, userId });
      await hub.sendToUser(userId, { type: 'chat_role_update', sellerId, role: 'viewer' });
    },

    async bans(actorId: string, sellerId: string): Promise<Ban[]> {
      const staff = await staffOrThrow(sellerId, actorId);
      return (await repo.listActiveBans(db, sellerId)).map((b) => ({
        userId: b.userId,
        displayName: displayName(b.who),
        until: b.until?.toISOString() ?? null,
        createdAt: b.createdAt.toISOString(),
        byName: displayName(b.by),
        canLift: staff.role === 'owner' || b.createdBy === actorId,
      }));
    },

    /**
     * Takes the (store, user) lock exclusively: chat messages already past their ban check finish
     * (and are broadcast) first, and every later one sees the ban. An owner banning a moderator also
     * removes them as moderator. A moderator cannot replace someone else's ban (a short timeout over
     * the owner's ban would lift it).
     */
    async ban(actorId: string, sellerId: string, body: { userId: string; minutes?: number }): Promise<Ban> {
      const staff = await staffOrThrow(sellerId, actorId);
      await assertMayActOn(staff, body.userId);
      const target = await repo.findUser(db, { id: body.userId });
      if (!target) throw new HttpError(404, 'User not found');
      const until = body.minutes ? new Date(Date.now() + body.minutes * 60_000) : null;
      const wasModerator = await db.transaction(async (tx) => {
        await repo.lockMember(tx, sellerId, body.userId, 'exclusive');
        const existing = await repo.findActiveBan(tx, sellerId, body.userId);
        if (existing && staff.role === 'moderator' && existing.createdBy !== actorId) {
          // Only the owner, or the moderator who set a ban, may lift or change it (issue 25).
          throw new HttpError(403, "Only the store's owner or the moderator who banned this person can change this ban");
        }
        await repo.upsertBan(tx, { sellerId, userId: body.userId, until, createdBy: actorId });
        const wasModerator = await repo.removeModerator(tx, sellerId, body.userId);
        if (wasModerator) await repo.log(tx, { sellerId, actorId, targetUserId: body.userId, action: 'moderator_removed' });
        await repo.log(tx, {
          sellerId,
          actorId,
          targetUserId: body.userId,
          action: until ? 'timeout' : 'ban',
          detail: body.minutes ? String(body.minutes) : null,
        });
        return wasModerator;
      });
      // Every instance drops its copy of this member's standing; the save refuses them already (decision 056).
      await gate.changes.publish({ kind: 'member', sellerId, userId: body.userId });
      if (wasModerator) await hub.sendToUser(body.userId, { type: 'chat_role_update', sellerId, role: 'viewer' });
      const actor = await repo.findUser(db, { id: actorId });
      return { userId: body.userId, displayName: displayName(target), until: until?.toISOString() ?? null, createdAt: new Date().toISOString(), byName: nameOf(actor) ?? '', canLift: true };
    },

    async unban(actorId: string, sellerId: string, userId: string): Promise<void> {
      const staff = await staffOrThrow(sellerId, actorId);
      const lifted = await db.transaction(async (tx) => {
        await repo.lockMember(tx, sellerId, userId, 'exclusive');
        const ban = await repo.findActiveBan(tx, sellerId, userId);
        if (ban && staff.role === 'moderator' && ban.createdBy !== actorId) {
          // Only the owner, or the moderator who set a ban, may lift or change it (issue 25).
          throw new HttpError(403, "Only the store's owner or the moderator who banned this person can change this ban");
        }
        const lifted = await repo.deleteBan(tx, sellerId, userId);
        if (lifted) await repo.log(tx, { sellerId, actorId, targetUserId: userId, action: 'unban' });
        return lifted;
      });
      if (!lifted) throw new HttpError(404, 'This person is not banned from your store');
      await gate.changes.publish({ kind: 'member', sellerId, userId });
    },

    /** The message leaves history and every screen; its text stays in the log. */
    async deleteMessage(actorId: string, messageId: string): Promise<void> {
      const found = await repo.findMessage(db, messageId);
      if (!found || found.message.held) throw new HttpError(404, 'Message not found');
      const staff = await staffOrThrow(found.sellerId, actorId);
      if (found.message.userId !== actorId) await assertMayActOn(staff, found.message.userId);
      const deleted = await db.transaction(async (tx) => {
        const deleted = await repo.markDeleted(tx, messageId);
        if (deleted) {
          await repo.log(tx, { sellerId: found.sellerId, actorId, targetUserId: found.message.userId, action: 'message_deleted', detail: found.message.message });
        }
        return deleted;
      });
      // Deleting twice is harmless; the event goes out again so a screen that missed it catches up.
      if (deleted || found.message.deletedAt) {
        await hub.broadcast(found.message.streamId, { type: 'chat_message_deleted', streamId: found.message.streamId, messageId });
      }
      if (deleted) await tellStaff(found.sellerId, { type: 'chat_reports_update', streamId: found.message.streamId });
    },

    async report(reporterId: string, messageId: string): Promise<void> {
      const found = await repo.findMessage(db, messageId);
      if (!found || found.message.held || found.message.deletedAt) throw new HttpError(404, 'Message not found');
      if (found.message.userId === reporterId) throw new HttpError(400, 'You cannot report your own message');
      await repo.addReport(db, messageId, reporterId);
      await tellStaff(found.sellerId, { type: 'chat_reports_update', streamId: found.message.streamId });
    },

    async reported(actorId: string, streamId: string): Promise<ReportedMessage[]> {
      await staffOrThrow((await streamOrThrow(streamId)).sellerId, actorId);
      return (await repo.reportedMessages(db, streamId)).map((r) => ({
        messageId: r.m.id,
        userId: r.m.userId,
        displayName: displayName(r),
        message: r.m.message,
        createdAt: r.m.createdAt.toISOString(),
        reports: r.reports,
      }));
    },

    async updateChatSettings(actorId: string, streamId: string, patch: ChatSettingsPatch): Promise<ChatSettings> {
      const { sellerId } = await streamOrThrow(streamId);
      await staffOrThrow(sellerId, actorId);
      const settings = await db.transaction(async (tx) => {
        const settings = await repo.setChatSettings(tx, streamId, patch);
        await repo.log(tx, { sellerId, actorId, action: 'chat_settings', detail: JSON.stringify(settings) });
        return settings;
      });
      // Before the room hears it: a line sent on hearing the new settings is checked against them.
      await gate.changes.publish({ kind: 'stream', streamId });
      await hub.broadcast(streamId, { type: 'chat_settings_update', streamId, chatSettings: settings });
      return settings;
    },

    async keywords(userId: string): Promise<string[]> {
      const seller = await repo.findSellerOfUser(db, userId);
      if (!seller) throw new HttpError(403, 'Create your store first');
      return (await repo.findKeywords(db, seller.id))?.words ?? [];
    },

    /** Cleaned (case, spacing, hidden characters) and without repeats; at most SELLER_KEYWORDS_MAX. */
    async setKeywords(userId: string, words: string[]): Promise<string[]> {
      const seller = await repo.findSellerOfUser(db, userId);
      if (!seller) throw new HttpError(403, 'Create your store first');
      // The contract caps the list at SELLER_KEYWORDS_MAX; cleaning only makes it shorter.
      const clean = [...new Set(words.map(normalizeKeyword).filter(Boolean))];
      const saved = await db.transaction(async (tx) => {
        const row = await repo.saveKeywords(tx, seller.id, clean);
        await repo.log(tx, { sellerId: seller.id, actorId: userId, action: 'keywords', detail: String(clean.length) });
        return row.words;
      });
      await gate.changes.publish({ kind: 'seller', sellerId: seller.id });
      gate.learn(seller.id, saved);
      return saved;
    },

    async log(actorId: string, sellerId: string): Promise<ModerationLogEntry[]> {
      await ownerOrThrow(sellerId, actorId);
      return (await repo.readLog(db, sellerId)).map((e) => ({
        id: e.id,
        action: e.action,
        actorName: displayName(e.actor),
        targetName: e.target?.id ? displayName(e.target) : null,
        detail: e.detail,
        createdAt: e.createdAt.toISOString(),
      }));
    },
  };
}

export type ModerationService = ReturnType<typeof createModerationService>;
