import { BellOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** An installed app has no address bar: its notifications are allowed in the phone's settings. */
function installed(): boolean {
  return typeof window !== 'undefined' && window.matchMedia?.('(display-mode: standalone)').matches === true;
}

/** Issue 25: notifications blocked in this browser, and the steps that allow them again. */
export function PushBlockedHint({ id }: { id: string }) {
  const { t } = useTranslation();
  return (
    <div id={id} role="status" className="flex gap-2 rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-900">
      <BellOff className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <div className="min-w-0 space-y-1">
        <p className="font-semibold">{t('push.blocked_title')}</p>
        <p>{installed() ? t('push.blocked_how_app') : t('push.blocked_how_browser')}</p>
      </div>
    </div>
  );
}
