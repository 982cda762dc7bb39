import { hydrate } from '@tanstack/react-query';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import type { LanguageCode } from '@live-market/contract/i18n';
import { SSR_STATE_ID, type SsrState } from '@live-market/contract/constants';
import { App } from './app/app';
import { preloadRenderedPage } from './app/router';
import { CURRENT_USER_URL } from './features/auth/api/get-current-user';
import { holdQueryNewsUntilIdle } from './lib/hydration-quiet';
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
// A server-rendered page's own chunk loads meanwhile, so hydration never waits for it.
const ready = [initI18n(ssr?.language as LanguageCode | undefined)];
if (ssr) ready.push(preloadRenderedPage(window.location.pathname, queryClient.getQueryData([CURRENT_USER_URL]) != null, queryClient).then(() => undefined));
void Promise.allSettled(ready).finally(() => {
  if (ssr) {
    holdQueryNewsUntilIdle();
    // As a transition React hydrates in slices of ~5 ms, yielding to the browser between them; a tap
    // meanwhile hydrates its own part of the page first. Hydrated at once it was one long task.
    startTransition(() => {
      hydrateRoot(root, <App />, {
        onRecoverableError: (error) => console.warn('Server HTML was replaced', error),
      });
    });
  } else {
    createRoot(root).render(<App />);
  }
});
