import { WifiOff } from 'lucide-react';
import { useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { useOnline, useStuckOffline } from '@/lib/offline';

/** Set on <html> while the strip shows: toasts on phones sit above it (ToastViewport). */
const HEIGHT_VAR = '--offline-notice-h';

/**
 * Issue 25: offline, a page shows what it loaded before, which may be out of date. A strip just above
 * the bottom navigation says so, clear of the top bar's Back. The stream page says it in its chat
 * instead (there the strip would cover the chat input). When a page has nothing to show at all, the
 * offline screen (OfflineGate) takes over.
 */
export function OfflineNotice() {
  const { t } = useTranslation();
  const online = useOnline();
  const stuck = useStuckOffline();
  const [location] = useLocation();
  const strip = useRef<HTMLDivElement>(null);
  const shown = !online && !stuck && !location.startsWith('/stream/');

  useLayoutEffect(() => {
    const element = strip.current;
    if (!shown || !element) return;
    const root = document.documentElement;
    // Two lines in a long language: what sits above it moves up by its real height.
    const measure = () => root.style.setProperty(HEIGHT_VAR, `${element.offsetHeight}px`);
    measure();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      root.style.removeProperty(HEIGHT_VAR);
    };
  }, [shown]);

  if (!shown) return null;
  return (
    <>
      {/* Room at the foot of the page, so its last lines can scroll clear of the strip. */}
      <div aria-hidden="true" className="h-12" />
      <div
        ref={strip}
        role="status"
        className="fixed inset-x-0 bottom-[calc(4rem+1px+env(safe-area-inset-bottom))] z-40 flex min-h-11 items-center justify-center gap-2 bg-foreground/95 px-4 py-1.5 text-sm text-background"
      >
        <WifiOff className="size-4 shrink-0" aria-hidden="true" />
        <p className="line-clamp-2 min-w-0">
          <strong className="font-semibold">{t('offline.title')}</strong> · {t('connection.stale')}
        </p>
      </div>
    </>
  );
}
