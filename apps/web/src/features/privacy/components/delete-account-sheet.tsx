import 'virtual:english-load/checkout';
import '@/features/privacy/i18n';
import { Loader2 } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Sheet } from '@/components/ui/sheet';
import { parseApiError } from '@/lib/api-client';
import { useDeleteAccount } from '../api/delete-account';

/**
 * 'Delete your account': what goes and what stays, a tick, then the erasure. A 409 (a parcel on its
 * way, a store's orders or money) is shown in the sheet, where the person can read what to do first.
 */
export function DeleteAccountSheet({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  const tick = useId();
  const [sure, setSure] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const erase = useDeleteAccount({
    // The session is gone: a full load starts the app signed out.
    onSuccess: () => window.location.assign('/'),
    onError: (error) => setProblem(parseApiError(error).userMessage ?? t('privacy.delete_failed')),
  });
  const footer = (
    <div className="flex gap-2">
      <Button variant="outline" className="flex-1" onClick={() => onOpenChange(false)} disabled={erase.isPending}>
        {t('checkout.cancel')}
      </Button>
      <Button variant="destructive" className="flex-1" disabled={!sure || erase.isPending} aria-busy={erase.isPending} onClick={() => erase.mutate()}>
        {erase.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
        {t('privacy.delete')}
      </Button>
    </div>
  );
  return (
    <Sheet open={open} onOpenChange={onOpenChange} title={t('privacy.delete_title')} description={t('privacy.delete_body')} footer={footer}>
      <label htmlFor={tick} className="flex min-h-11 cursor-pointer items-center gap-3 text-sm font-medium">
        <input id={tick} type="checkbox" checked={sure} onChange={(event) => setSure(event.target.checked)} className="size-5 shrink-0 accent-destructive" />
        {t('privacy.delete_confirm')}
      </label>
      {problem ? (
        <p role="alert" className="mt-3 rounded-xl bg-destructive/10 p-3 text-sm font-medium text-destructive">
          {problem}
        </p>
      ) : null}
    </Sheet>
  );
}
