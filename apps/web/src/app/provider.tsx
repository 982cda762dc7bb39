import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { StrictMode, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { i18n as appI18n } from '@/lib/i18n';
import { useToast } from '@/lib/toast';

const loadToaster = () => import('@/components/ui/toaster');

/** Runs once on the first tap, click or key press anywhere on the page. */
function onFirstInteraction(run: () => void): () => void {
  const events = ['pointerdown', 'keydown'] as const;
  const handler = () => {
    stop();
    run();
  };
  function stop() {
    for (const type of events) window.removeEventListener(type, handler, true);
  }
  for (const type of events) window.addEventListener(type, handler, { capture: true, passive: true });
  return stop;
}

/**
 * Radix Toast (~13 KB gzip with its shared Radix code) is kept out of the first route's JS
 * (decision 015): its chunk loads on the first tap or key press, since most toasts answer one, or at
 * once when a toast comes first. The component is rendered directly, not through React.lazy, so a
 * toast is not held back by Suspense's reveal throttle: it must show before the 500 ms redirect.
 */
function DeferredToaster() {
  const { toasts } = useToast();
  const [LoadedToaster, setLoadedToaster] = useState<ComponentType | null>(null);
  const needed = toasts.length > 0;

  useEffect(() => {
    if (LoadedToaster) return;
    let cancelled = false;
    const load = () => {
      loadToaster().then(
        (m) => !cancelled && setLoadedToaster(() => m.Toaster),
        (error: unknown) => console.error('Could not load the toaster', error),
      );
    };
    if (needed) load();
    const stopWaiting = needed ? () => {} : onFirstInteraction(load);
    return () => {
      cancelled = true;
      stopWaiting();
    };
  }, [needed, LoadedToaster]);

  return LoadedToaster ? <LoadedToaster /> : null;
}

/** The server renders each request with its own i18n instance (entry-server.tsx); the browser has one. */
export function AppProvider({ queryClient, i18n = appI18n, children }: { queryClient: QueryClient; i18n?: I18n; children: ReactNode }) {
  return (
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          {children}
          <DeferredToaster />
        </QueryClientProvider>
      </I18nextProvider>
    </StrictMode>
  );
}
