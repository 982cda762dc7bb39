import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { StrictMode, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '@/lib/i18n';
import { useToast } from '@/lib/toast';

const loadToaster = () => import('@/components/ui/toaster');

function whenIdle(run: () => void): () => void {
  if ('requestIdleCallback' in window) {
    const id = window.requestIdleCallback(run, { timeout: 2000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = setTimeout(run, 1000);
  return () => clearTimeout(id);
}

/**
 * Radix Toast is kept out of the first route's JS: its chunk loads once the browser is idle (or at
 * once when a toast comes first). The component is rendered directly, not through React.lazy, so a
 * toast is not held back by Suspense's reveal throttle: it must show before the 500 ms redirect.
 */
function DeferredToaster() {
  const { toasts } = useToast();
  const [LoadedToaster, setLoadedToaster] = useState<ComponentType | null>(null);
  const needed = toasts.length > 0;

  useEffect(() => {
    let cancelled = false;
    const load = () => {
      loadToaster().then(
        (m) => !cancelled && setLoadedToaster(() => m.Toaster),
        (error: unknown) => console.error('Could not load the toaster', error),
      );
    };
    if (needed) load();
    const cancelIdle = needed ? () => {} : whenIdle(load);
    return () => {
      cancelled = true;
      cancelIdle();
    };
  }, [needed]);

  return LoadedToaster ? <LoadedToaster /> : null;
}

export function AppProvider({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
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
