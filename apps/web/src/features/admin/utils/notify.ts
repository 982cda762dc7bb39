import type { TFunction } from 'i18next';
import { parseApiError } from '@/lib/api-client';
import { handleUnauthorized } from '@/lib/session';
import { toast } from '@/lib/toast';

/**
 * What to say when an operator action failed: the server's own words when it gave them (a 409 such as
 * approving one's own refund says why, in the operator's language), otherwise ours. An expired session
 * is handled (toast, then sign-in) and gives null.
 */
export function failureText(error: unknown, t: TFunction): string | null {
  if (handleUnauthorized(error)) return null;
  return parseApiError(error).userMessage ?? t('admin.try_again');
}

export function toastDone(title: string): void {
  toast({ title });
}
