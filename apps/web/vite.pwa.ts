// The installable app (decision 018): manifest, a Workbox service worker, and the offline page it shows
// when a navigation fails. The server renders pages per request, so the worker never answers a
// navigation from its cache while the network works.
import { readdirSync, readFileSync } from 'node:fs';
import type { Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const THEME = '#f97316';
const BACKGROUND = '#fffaf5';
const localesDir = new URL('./src/locales/', import.meta.url);

type OfflineTexts = { title: string; body: string; retry: string };

function offlineTexts(): Record<string, OfflineTexts> {
  const texts: Record<string, OfflineTexts> = {};
  for (const file of readdirSync(localesDir).filter((name) => name.endsWith('.json'))) {
    const catalog = JSON.parse(readFileSync(new URL(file, localesDir), 'utf8')) as { offline: OfflineTexts };
    texts[file.replace(/\.json$/, '')] = catalog.offline;
  }
  return texts;
}

const OFFLINE_HTML = (en: OfflineTexts) => `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
    <meta name="theme-color" content="${THEME}" />
    <link rel="icon" type="image/svg+xml" href="/favicon.svg" />
    <title>${en.title} · LiveMarket</title>
    <style>
      body { margin: 0; min-height: 100dvh; display: grid; place-items: center; background: ${BACKGROUND}; color: #1c1917;
        font-family: ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Noto Sans Devanagari", "Noto Sans Tamil",
          "Noto Sans Telugu", "Noto Sans Bengali", "Helvetica Neue", Arial, sans-serif; }
      main { display: flex; flex-direction: column; align-items: center; gap: 12px; padding: 24px; max-width: 22rem; text-align: center; }
      .mark { display: grid; place-items: center; width: 64px; height: 64px; border-radius: 999px; background: #fff1e6; color: #c2410c; }
      h1 { margin: 8px 0 0; font-size: 1.25rem; }
      p { margin: 0; color: #6b625b; line-height: 1.5; }
      button { margin-top: 12px; min-height: 44px; padding: 0 20px; border: 0; border-radius: 12px; color: #fff;
        background: #c2410c linear-gradient(135deg, #c2410c 0%, #e11d48 100%); box-shadow: 0 4px 6px -1px rgb(244 63 94 / 0.2);
        font: inherit; font-weight: 600; display: inline-flex; align-items: center; gap: 8px; cursor: pointer; }
      button:focus-visible { outline: 3px solid ${THEME}; outline-offset: 2px; }
    </style>
  </head>
  <body>
    <main id="offline">
      <span class="mark" aria-hidden="true">
        <svg width="32" height="32" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><path d="M12 20h.01"/><path d="M8.5 16.429a5 5 0 0 1 7 0"/><path d="M5 12.859a10 10 0 0 1 5.17-2.69"/><path d="M19 12.859a10 10 0 0 0-2.007-1.523"/><path d="M2 8.82a15 15 0 0 1 4.177-2.643"/><path d="M22 8.82a15 15 0 0 0-11.288-3.764"/><path d="m2 2 20 20"/></svg>
      </span>
      <h1 id="offline-title">${en.title}</h1>
      <p id="offline-body">${en.body}</p>
      <button id="offline-retry" type="button">
        <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"><path d="M3 12a9 9 0 1 0 9-9 9.75 9.75 0 0 0-6.74 2.74L3 8"/><path d="M3 3v5h5"/></svg>
        <span>${en.retry}</span>
      </button>
    </main>
    <script src="/offline.js"></script>
  </body>
</html>
`;

// The page's script is a file, not inline: the CSP allows scripts from 'self' only. It reads the language
// the app stored (localStorage 'language', else the 'language' cookie) like lib/i18n.ts does.
const OFFLINE_JS = (texts: Record<string, OfflineTexts>) => `(function () {
  var texts = ${JSON.stringify(texts)};
  var code = null;
  try { code = localStorage.getItem('language'); } catch (e) {}
  if (!texts[code]) { var m = /(?:^|;\\s*)language=([a-z]+)/.exec(document.cookie); code = m && m[1]; }
  var t = texts[code] || texts.en;
  document.documentElement.lang = texts[code] ? code : 'en';
  document.title = t.title + ' · LiveMarket';
  document.getElementById('offline-title').textContent = t.title;
  document.getElementById('offline-body').textContent = t.body;
  document.querySelector('#offline-retry span').textContent = t.retry;
  document.getElementById('offline-retry').addEventListener('click', function () { location.reload(); });
})();
`;

/** Writes offline.html and offline.js into the build, in all ten languages, from the locale files. */
function offlinePage(): Plugin {
  return {
    name: 'live-market-offline-page',
    apply: 'build',
    generateBundle() {
      const texts = offlineTexts();
      this.emitFile({ type: 'asset', fileName: 'offline.html', source: OFFLINE_HTML(texts.en!) });
      this.emitFile({ type: 'asset', fileName: 'offline.js', source: OFFLINE_JS(texts) });
    },
  };
}

const DAY = 24 * 60 * 60;

export function pwa(): Plugin[] {
  return [
    offlinePage(),
    ...VitePWA({
      registerType: 'autoUpdate',
      // lib/pwa.ts registers it, after the page has loaded, and only in a production build.
      injectRegister: false,
      // The icons are precached by the glob below already.
      includeManifestIcons: false,
      manifest: {
        id: '/',
        name: 'LiveMarket — Live shopping in India',
        short_name: 'LiveMarket',
        description: 'Watch sellers from across India live, ask questions in chat and buy in rupees with UPI, cards and wallets.',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'portrait',
        theme_color: THEME,
        background_color: BACKGROUND,
        lang: 'en',
        categories: ['shopping'],
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        // The app shell: every script and style chunk, the offline page and the icons. No index.html:
        // pages come from the server each time. Locale catalogs (JSON) are cached when first used.
        globPatterns: ['**/*.{js,css,svg,png,woff2}', 'offline.html'],
        navigateFallback: undefined,
        // Pages always come from the network: the request starts while the worker is still waking up
        // (a slow phone takes a few hundred ms to start one) instead of after it.
        navigationPreload: true,
        skipWaiting: true,
        clientsClaim: true,
        cleanupOutdatedCaches: true,
        // Issue 13: showing a push and opening its link on tap (public/push-sw.js); no caching in it.
        importScripts: ['/push-sw.js'],
        runtimeCaching: [
          {
            // Pages: always from the network; offline, the precached offline page (not for /api/* pages:
            // sign-in, sign-out, payment).
            urlPattern: ({ request, url }) => request.mode === 'navigate' && !url.pathname.startsWith('/api/'),
            handler: 'NetworkOnly',
            options: { precacheFallback: { fallbackURL: '/offline.html' } },
          },
          {
            // /api/* pages too go to the network, through the worker only so that they use the navigation
            // preload's answer: left to the browser, each would be requested twice (the preload, then its own).
            urlPattern: ({ request, url }) => request.mode === 'navigate' && url.pathname.startsWith('/api/'),
            handler: 'NetworkOnly',
          },
          {
            // Product photos get a new name on every upload and demo images never change: cache first, capped.
            urlPattern: ({ request, url, sameOrigin }) => sameOrigin && request.destination === 'image' && /^\/(uploads|demo)\//.test(url.pathname),
            handler: 'CacheFirst',
            options: {
              cacheName: 'images',
              expiration: { maxEntries: 150, maxAgeSeconds: 30 * DAY, purgeOnQuotaError: true },
              cacheableResponse: { statuses: [200] },
            },
          },
          {
            // Content-hashed locale catalogs, only the languages a person uses.
            urlPattern: ({ url, sameOrigin }) => sameOrigin && /^\/assets\/[^/]+\.json$/.test(url.pathname),
            handler: 'CacheFirst',
            options: {
              cacheName: 'locales',
              expiration: { maxEntries: 20, maxAgeSeconds: 90 * DAY, purgeOnQuotaError: true },
              cacheableResponse: { statuses: [200] },
            },
          },
        ],
      },
    }),
  ];
}
