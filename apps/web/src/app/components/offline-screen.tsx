import { useQueryClient } from '@tanstack/react-query';
import { RotateCcw, WifiOff } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useStuckOffline, whatIsStuck } from '@/lib/offline';

/**
 * The in-app twin of the service worker's offline page (vite.pwa.ts): same words, same Retry, which
 * reloads — offline, the worker answers the reload with that page.
 */
export function OfflineScreen() {
  const { t } = useTranslation();
  return (
    <div role="alert" className="fixed inset-0 z-50 flex items-center justify-center bg-background px-6">
      <div className="flex max-w-sm flex-col items-center gap-3 text-center">
        <span className="grid size-16 place-items-center rounded-full bg-secondary text-primary">
          <WifiOff className="size-8" aria-hidden="true" />
        </span>
        <h1 className="mt-2 text-xl font-bold">{t('offline.title')}</h1>
        <p className="text-muted-foreground">{t('offline.body')}</p>
        <Button className="mt-3" onClick={() => window.location.reload()}>
          <RotateCcw aria-hidden="true" />
          {t('offline.retry')}
        </Button>
      </div>
    </div>
  );
}

/** Covers the page while offline leaves it with nothing to show; it lifts by itself when the connection returns. */
export function OfflineGate() {
  const stuck = useStuckOffline();
  const client = useQueryClient();
  useEffect(() => {
    // Which data the page waited for: what to make available offline next.
    if (stuck) console.info('[offline] nothing to show without', whatIsStuck(client).join(', '));
  }, [stuck, client]);
  return stuck ? <OfflineScreen /> : null;
}
