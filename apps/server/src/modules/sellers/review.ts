import { and, eq } from 'drizzle-orm';
import type { VerificationLevel } from '@live-market/contract';
import type { Db } from '../../db/client.js';
import { notify } from '../notifications/index.js';
import { sellers, verificationSubmissions } from './tables.js';

const LEVEL_NAMES: Record<Exclude<VerificationLevel, 'none'>, string> = { basic: 'Basic', silver: 'Silver', gold: 'Gold', diamond: 'Diamond' };

/** An operator's decision on a pending submission: the store's badge and a notification, together. */
export async function reviewSubmission(db: Db, id: string, decision: { approve: true; level: Exclude<VerificationLevel, 'none'> } | { approve: false }) {
  return db.transaction(async (tx) => {
    const [submission] = await tx
      .update(verificationSubmissions)
      .set({ status: decision.approve ? 'approved' : 'rejected', reviewedAt: new Date() })
      .where(and(eq(verificationSubmissions.id, id), eq(verificationSubmissions.status, 'pending')))
      .returning();
    if (!submission) throw new Error(`No pending submission ${id}`);
    const [store] = decision.approve
      ? await tx.update(sellers).set({ isVerified: true, verificationLevel: decision.level, updatedAt: new Date() }).where(eq(sellers.id, submission.sellerId)).returning()
      : await tx.select().from(sellers).where(eq(sellers.id, submission.sellerId));
    await notify(tx, {
      userId: store!.userId,
      type: 'verification',
      title: decision.approve ? 'Your store is verified' : 'Verification not approved',
      message: decision.approve
        ? `${store!.storeName} now shows the ${LEVEL_NAMES[decision.level]} verified badge.`
        : `We could not verify ${store!.storeName} with the details sent. Check them and apply again.`,
      link: '/seller/dashboard',
    });
    return { submission, store: store! };
  });
}
