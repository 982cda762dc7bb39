import { parseApiError } from '@/lib/api-client';
import { handleUnauthorized } from '@/lib/session';
import { toast } from '@/lib/toast';

/**
 * A moderation request that failed: the server's reason when it gave one (it writes it in the user's
 * language, e.g. 'Moderators cannot act on each other'), otherwise our own words.
 */
export function toastFailure(error: Error, fallback: string): void {
  if (handleUnauthorized(error)) return;
  toast({ variant: 'destructive', title: parseApiError(error).userMessage ?? fallback });
}
