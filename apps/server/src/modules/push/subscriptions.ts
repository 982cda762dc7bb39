import { and, desc, eq, inArray, notInArray } from 'drizzle-orm';
import type { PushSubscriptionBody } from '@live-market/contract';
import type { Db } from '../../db/client.js';
import { pushSubscriptions } from './tables.js';

/** A person's browsers; the oldest beyond this stop receiving pushes (a loop of re-subscribes cannot grow a fan-out). */
export const SUBSCRIPTIONS_PER_USER = 10;

/**
 * Upsert by endpoint: a browser re-subscribing refreshes its keys, and an endpoint another person
 * signed in with before moves to whoever subscribed it last (one browser, one owner).
 */
export async function saveSubscription(db: Db, userId: string, body: PushSubscriptionBody): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(pushSubscriptions)
      .values({ userId, endpoint: body.endpoint, p256dh: body.keys.p256dh, auth: body.keys.auth })
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: { userId, p256dh: body.keys.p256dh, auth: body.keys.auth, createdAt: new Date() },
      });
    const keep = tx
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId))
      .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
      .limit(SUBSCRIPTIONS_PER_USER);
    await tx.delete(pushSubscriptions).where(and(eq(pushSubscriptions.userId, userId), notInArray(pushSubscriptions.id, keep)));
  });
}

/** Only the caller's own: someone else's endpoint is left alone, and the answer is the same. */
export async function removeSubscription(db: Db, userId: string, endpoint: string): Promise<void> {
  await db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
}

/** The push service says the browser unsubscribed (404/410): the row goes, whoever owns it. */
export async function forgetEndpoints(db: Db, endpoints: string[]): Promise<void> {
  if (endpoints.length) await db.delete(pushSubscriptions).where(inArray(pushSubscriptions.endpoint, endpoints));
}
