/// <reference types="vite-plugin-pwa/client" />
import { listenForInstallPrompt } from './install-prompt';

listenForInstallPrompt();

// Production builds only: in development and in unit tests a service worker would serve stale code.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  // After the page has loaded, so the worker's precache download never competes with the first route.
  // A server-rendered page runs this script after its first paint (decision 020), often after `load`.
  const register = () => {
    void import('virtual:pwa-register').then(({ registerSW }) =>
      registerSW({
        immediate: true,
        // A new version takes over at once (skipWaiting) but this page is not reloaded under the
        // person using it: the next visit runs the new build.
        onNeedReload() {},
        onRegisterError: (error: unknown) => console.error('Service worker registration failed', error),
      }),
    );
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
