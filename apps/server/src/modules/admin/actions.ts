import { eq } from 'drizzle-orm';
import type { AdminTicket, AnswerTicketBody, ApproveVerificationBody, DecideReturnBody, ResolveReportBody } from '@live-market/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { HttpError } from '../../plugins/errors.js';
import type { OperatorModeration } from '../moderation/index.js';
import type { UnreadPush } from '../notifications/index.js';
import type { ReturnPickups } from '../returns/index.js';
import { reviewSubmission, verificationSubmissions } from '../sellers/index.js';
import { streams, type StreamsService } from '../streams/index.js';
import type { SupportService } from '../support/index.js';
import { audited, writeAudit } from './audit.js';
import type { Queues } from './queues.js';

export interface ActionsDeps {
  db: Db;
  moderation: OperatorModeration;
  pickups: Pick<ReturnPickups, 'decide'>;
  support: Pick<SupportService, 'answer'>;
  streams: Pick<StreamsService, 'endFor'>;
  queues: Pick<Queues, 'ticket'>;
  pushUnread: UnreadPush;
}

/**
 * Issue 28: what an operator does to the queues. Each goes through the module that owns the thing
 * (sellers, moderation, returns, support, streams), which runs the audit line in its own transaction.
 */
export function createActions(deps: ActionsDeps) {
  const { db } = deps;

  async function submission(id: string) {
    const [found] = await db.select({ sellerId: verificationSubmissions.sellerId }).from(verificationSubmissions).where(eq(verificationSubmissions.id, id));
    if (!found) throw new HttpError(404, 'Verification not found');
    return found;
  }

  return {
    async approveVerification(operatorId: string, id: string, body: z.output<typeof ApproveVerificationBody>): Promise<void> {
      const { sellerId } = await submission(id);
      const reason = `Verified at level ${body.level}`;
      const { store } = await reviewSubmission(db, id, { approve: true, level: body.level }, audited({ operatorId, action: 'verification_approved', targetType: 'submission', targetId: id, reason, details: { sellerId, level: body.level } }));
      await deps.pushUnread([store.userId]);
    },

    async rejectVerification(operatorId: string, id: string, reason: string): Promise<void> {
      const { sellerId } = await submission(id);
      const { store } = await reviewSubmission(db, id, { approve: false, reason }, audited({ operatorId, action: 'verification_rejected', targetType: 'submission', targetId: id, reason, details: { sellerId } }));
      await deps.pushUnread([store.userId]);
    },

    async resolveReport(operatorId: string, messageId: string, body: z.output<typeof ResolveReportBody>): Promise<void> {
      const line = { operatorId, targetType: 'message' as const, targetId: messageId, reason: body.reason };
      if (body.action === 'remove') await deps.moderation.remove(operatorId, messageId, audited({ ...line, action: 'report_removed' }));
      else await deps.moderation.dismiss(messageId, audited({ ...line, action: 'report_dismissed' }));
    },

    async decideReturn(operatorId: string, returnId: string, body: z.output<typeof DecideReturnBody>): Promise<void> {
      const action = body.decision === 'refund' ? 'return_refunded' : 'return_rejected';
      await deps.pickups.decide(returnId, body.decision, audited({ operatorId, action, targetType: 'return', targetId: returnId, reason: body.reason }));
    },

    async answerTicket(operatorId: string, ticketId: string, body: z.output<typeof AnswerTicketBody>): Promise<AdminTicket> {
      const { userId } = await deps.support.answer(ticketId, operatorId, body, (tx, ticketNumber) =>
        // The answer is the why: it is what the user reads.
        writeAudit(tx, { operatorId, action: body.resolve ? 'ticket_resolved' : 'ticket_answered', targetType: 'ticket', targetId: ticketId, reason: body.message.slice(0, 500), details: { ticketNumber } }),
      );
      await deps.pushUnread([userId]);
      return deps.queues.ticket(ticketId);
    },

    /** As the seller ending it: viewers on every instance see it end, the media stops, the replay is kept. */
    async endStream(operatorId: string, streamId: string, reason: string): Promise<void> {
      const [stream] = await db.select({ sellerId: streams.sellerId, isLive: streams.isLive }).from(streams).where(eq(streams.id, streamId));
      if (!stream) throw new HttpError(404, 'Stream not found');
      await deps.streams.endFor([streamId], async (tx, ended) => {
        if (!ended.length) throw new HttpError(409, 'This show is not live');
        await writeAudit(tx, { operatorId, action: 'stream_ended', targetType: 'stream', targetId: streamId, reason, details: { sellerId: stream.sellerId } });
      });
    },
  };
}

export type Actions = ReturnType<typeof createActions>;
