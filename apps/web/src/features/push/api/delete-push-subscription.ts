import type { PushUnsubscribeBody } from '@live-market/contract/shows';
import { apiRequest } from '@/lib/api-client';
import { PUSH_SUBSCRIPTIONS_URL } from './save-push-subscription';

/** DELETE /api/push/subscriptions {endpoint}: this browser stops receiving the user's pushes. */
export async function deletePushSubscription(body: PushUnsubscribeBody): Promise<void> {
  await apiRequest('DELETE', PUSH_SUBSCRIPTIONS_URL, body);
}
