import { queryClient } from '@/lib/query-client';
import { LanguageSync } from './components/language-sync';
import { OfflineGate } from './components/offline-screen';
import { AppProvider } from './provider';
import { AppRouter } from './router';

export function App() {
  return (
    <AppProvider queryClient={queryClient}>
      <LanguageSync />
      <AppRouter />
      <OfflineGate />
    </AppProvider>
  );
}
