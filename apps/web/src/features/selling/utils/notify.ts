import { parseApiError } from '@/lib/api-client';
import { i18n } from '@/lib/i18n';
import { handleUnauthorized } from '@/lib/session';
import { toast } from '@/lib/toast';

/** The words to show for a refused selling call: the server's message (in the reader's language), else a try-again. */
export function refusalText(error: unknown): string {
  return parseApiError(error).userMessage ?? i18n.t('selling.try_again');
}

/** A destructive notice for a failed call: an expired session signs in again, otherwise the server's message. */
export function notifyFailure(error: unknown, title: string): void {
  if (handleUnauthorized(error)) return;
  toast({ title, description: refusalText(error), variant: 'destructive' });
}
