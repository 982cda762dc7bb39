import type { QueryClient } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import { Router } from 'wouter';
import { queryClient as browserQueryClient } from '@/lib/query-client';
import { LanguageSync } from './components/language-sync';
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
  return (
    <AppProvider queryClient={queryClient} i18n={i18n}>
      <Router ssrPath={ssrPath}>
        <LanguageSync />
        <AppRouter />
        <OfflineGate />
      </Router>
    </AppProvider>
  );
}
