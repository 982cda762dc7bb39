import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { AdminReport } from '@live-market/contract';
import type { Db, Tx } from '../../db/client.js';
import { afterCommit } from '../../db/after-commit.js';
import { HttpError } from '../../plugins/errors.js';
import { displayName, user } from '../auth/index.js';
import { sellers } from '../sellers/tables.js';
import { chatMessages, streams } from '../streams/tables.js';
import type { ModerationHub } from './hub-port.js';
import * as repo from './repository.js';
import { messageReports } from './tables.js';

/** The operator's own work, run in the action's transaction: the audit line. */
export type Within = (tx: Tx) => Promise<void>;

/**
 * Issue 28: reported chat lines across every store, for the operator console. Removing one does what a
 * store's moderator's delete does (gone from history and from every screen, on every instance); the
 * store's moderation log names the operator as who did it.
 */
export function createOperatorModeration(deps: { db: Db; hub: ModerationHub }) {
  const { db, hub } = deps;

  async function reported(tx: Tx, messageId: string) {
    const found = await repo.findMessage(tx, messageId);
    const [reports] = await tx.select({ n: count() }).from(messageReports).where(eq(messageReports.messageId, messageId));
    if (!found || found.message.deletedAt || !reports?.n) throw new HttpError(404, 'No reports on this message');
    return found;
  }

  /** The store's reports panel refreshes, as after its own moderator's action. */
  async function tellStaff(sellerId: string, streamId: string) {
    const seller = await repo.findSeller(db, sellerId);
    const moderators = await repo.listModerators(db, sellerId);
    const staff = [seller?.userId, ...moderators.map((m) => m.userId)].filter((id): id is string => Boolean(id));
    await Promise.all(staff.map((id) => hub.sendToUser(id, { type: 'chat_reports_update', streamId })));
  }

  return {
    async reports(): Promise<AdminReport[]> {
      const reports = count(messageReports.reporterId);
      const rows = await db
        .select({ m: chatMessages, firstName: user.firstName, lastName: user.lastName, sellerId: sellers.id, storeName: sellers.storeName, reports })
        .from(messageReports)
        .innerJoin(chatMessages, eq(chatMessages.id, messageReports.messageId))
        .innerJoin(streams, eq(streams.id, chatMessages.streamId))
        .innerJoin(sellers, eq(sellers.id, streams.sellerId))
        .innerJoin(user, eq(user.id, chatMessages.userId))
        .where(and(isNull(chatMessages.deletedAt), eq(chatMessages.held, false)))
        .groupBy(chatMessages.id, user.id, sellers.id)
        .orderBy(desc(reports), desc(chatMessages.createdAt))
        .limit(200);
      return rows.map((r) => ({
        messageId: r.m.id,
        streamId: r.m.streamId,
        sellerId: r.sellerId,
        storeName: r.storeName,
        authorId: r.m.userId,
        authorName: displayName(r),
        message: r.m.message,
        reports: r.reports,
        createdAt: r.m.createdAt.toISOString(),
      }));
    },

    /** The line leaves every screen once the removal (and its audit line) is committed. */
    async remove(operatorId: string, messageId: string, within: Within): Promise<void> {
      await db.transaction(async (tx) => {
        const found = await reported(tx, messageId);
        await repo.markDeleted(tx, messageId);
        await repo.log(tx, { sellerId: found.sellerId, actorId: operatorId, targetUserId: found.message.userId, action: 'message_deleted', detail: found.message.message });
        await within(tx);
        const streamId = found.message.streamId;
        afterCommit(tx, () => hub.broadcast(streamId, { type: 'chat_message_deleted', streamId, messageId }));
        afterCommit(tx, () => tellStaff(found.sellerId, streamId));
      });
    },

    /** The reports were unfounded: they go, the line stays. */
    async dismiss(messageId: string, within: Within): Promise<void> {
      await db.transaction(async (tx) => {
        const found = await reported(tx, messageId);
        afterCommit(tx, () => tellStaff(found.sellerId, found.message.streamId));
        await tx.delete(messageReports).where(eq(messageReports.messageId, messageId));
        await within(tx);
      });
    },
  };
}

export type OperatorModeration = ReturnType<typeof createOperatorModeration>;
