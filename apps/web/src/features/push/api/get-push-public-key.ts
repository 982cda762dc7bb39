import type { PushPublicKey } from '@live-market/contract/shows';
import { apiRequest } from '@/lib/api-client';

export const PUSH_PUBLIC_KEY_URL = '/api/push/public-key';

/** GET /api/push/public-key: the server's VAPID key, which the browser subscribes with. */
export async function getPushPublicKey(): Promise<string> {
  const res = await apiRequest('GET', PUSH_PUBLIC_KEY_URL);
  return ((await res.json()) as PushPublicKey).publicKey;
}
