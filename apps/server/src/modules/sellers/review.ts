import { and, eq } from 'drizzle-orm';
import type { VerificationLevel } from '@live-market/contract';
import type { Db, Tx } from '../../db/client.js';
import { HttpError } from '../../plugins/errors.js';
import { notify } from '../notifications/index.js';
import { sellers, verificationSubmissions } from './tables.js';


/** An operator's decision on a pending submission: the store's badge and a notification, together. */
export async function reviewSubmission(
  db: Db,
  id: string,
  decision: { approve: true; level: Exclude<VerificationLevel, 'none'> } | { approve: false; reason?: string },
  /** The operator console's own work (its audit line), in the decision's transaction. */
  within?: (tx: Tx) => Promise<void>,
) {
  return db.transaction(async (tx) => {
    const [submission] = await tx
      .update(verificationSubmissions)
      .set({ status: decision.approve ? 'approved' : 'rejected', reviewedAt: new Date() })
      .where(and(eq(verificationSubmissions.id, id), eq(verificationSubmissions.status, 'pending')))
      .returning();
    if (!submission) throw new HttpError(409, 'This verification has been decided already');
    const [store] = decision.approve
      ? await tx.update(sellers).set({ isVerified: true, verificationLevel: decision.level, updatedAt: new Date() }).where(eq(sellers.id, submission.sellerId)).returning()
      : await tx.select().from(sellers).where(eq(sellers.id, submission.sellerId));
    await notify(tx, {
      userId: store!.userId,
      type: 'verification',
      ...(decision.approve
        ? { kind: 'verification_approved', params: { store: store!.storeName, level: { key: `verification_levels.${decision.level}` } } }
        : decision.reason
          ? { kind: 'verification_rejected_reason', params: { store: store!.storeName, reason: decision.reason } }
          : { kind: 'verification_rejected', params: { store: store!.storeName } }),
      link: '/seller/dashboard',
    });
    await within?.(tx);
    return { submission, store: store! };
  });
}
