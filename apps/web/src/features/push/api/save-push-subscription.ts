import type { PushSubscriptionBody } from '@live-market/contract/shows';
import { apiRequest } from '@/lib/api-client';

export const PUSH_SUBSCRIPTIONS_URL = '/api/push/subscriptions';

/** POST /api/push/subscriptions with PushSubscription.toJSON(): this browser receives the user's pushes. */
export async function savePushSubscription(body: PushSubscriptionBody): Promise<void> {
  await apiRequest('POST', PUSH_SUBSCRIPTIONS_URL, body);
}
