import type { QueryClient } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import { useEffect } from 'react';
import { Router } from 'wouter';
import { replayEarlyTaps } from '@/lib/early-taps';
import { queryClient as browserQueryClient } from '@/lib/query-client';
import { LanguageSync } from './components/language-sync';
import { LoadFailureBoundary } from './components/load-failure-boundary';
import { OfflineGate } from './components/offline-screen';
import { AppProvider } from './provider';
import { AppRouter } from './router';

type AppProps = {
  /** Server rendering: that request's cache, i18n instance and path. The browser uses its own. */
  queryClient?: QueryClient;
  i18n?: I18n;
  ssrPath?: string;
};

export function App({ queryClient = browserQueryClient, i18n, ssrPath }: AppProps) {
  // Runs once the page is the app's (after hydration): taps made on the server's HTML before it count.
  useEffect(() => replayEarlyTaps(), []);
  return (
    <AppProvider queryClient={queryClient} i18n={i18n}>
      <Router ssrPath={ssrPath}>
        <LanguageSync />
        <LoadFailureBoundary>
          <AppRouter />
        </LoadFailureBoundary>
        <OfflineGate />
      </Router>
    </AppProvider>
  );
}
