import { hydrate } from '@tanstack/react-query';
import { createRoot, hydrateRoot } from 'react-dom/client';
import type { LanguageCode } from '@live-market/contract/i18n';
import { SSR_STATE_ID, type SsrState } from '@live-market/contract/constants';
import { App } from './app/app';
import { initI18n } from './lib/i18n';
import { queryClient } from './lib/query-client';
import './index.css';
import './lib/pwa';

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

// A server-rendered page (decision 020) carries the data it was rendered with: the same cache and
// language make the first client render match the HTML, so React takes it over without a repaint.
const stateElement = document.getElementById(SSR_STATE_ID);
const ssr = stateElement?.textContent ? (JSON.parse(stateElement.textContent) as SsrState) : null;
if (ssr) hydrate(queryClient, ssr.queries as Parameters<typeof hydrate>[1]);

// A stored non-English language loads its (small) chunk first, so the first paint is already translated.
void initI18n(ssr?.language as LanguageCode | undefined).finally(() => {
  if (ssr) {
    hydrateRoot(root, <App />, {
      onRecoverableError: (error) => console.warn('Server HTML was replaced', error),
    });
  } else {
    createRoot(root).render(<App />);
  }
});
