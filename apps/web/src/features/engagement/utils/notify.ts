import 'virtual:english-load/engagement';
import { parseApiError } from '@/lib/api-client';
import { i18n } from '@/lib/i18n';
import { handleUnauthorized } from '@/lib/session';
import { toast } from '@/lib/toast';

/** A destructive notice for a failed engagement call: an expired session signs in again, otherwise the server's message. */
export function notifyFailure(error: unknown, title: string, fallback: string = i18n.t('engagement.try_again')): void {
  if (handleUnauthorized(error)) return;
  toast({ title, description: parseApiError(error).userMessage ?? fallback, variant: 'destructive' });
}
