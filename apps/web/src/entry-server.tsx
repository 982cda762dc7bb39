import { dehydrate, type QueryClient, type QueryKey } from '@tanstack/react-query';
import i18next, { type i18n as I18n, type ResourceLanguage } from 'i18next';
import { renderToReadableStream } from 'react-dom/server';
import { initReactI18next } from 'react-i18next';
import type { CurrentUser } from '@live-market/contract/auth';
import type { StreamDetail } from '@live-market/contract/streams';
import { DEFAULT_LANGUAGE, type SsrState } from '@live-market/contract/constants';
import { LANGUAGES, type LanguageCode } from '@live-market/contract/i18n';
import { App } from './app/app';
import { renderedPage } from './app/router';
import { CURRENT_USER_URL } from './features/auth/api/get-current-user';
import { SELLERS_URL } from './features/sellers/api/get-seller';
import { LIVE_STREAMS_URL } from './features/streams/api/get-live-streams';
import { STREAMS_URL } from './features/streams/api/get-stream';
import { UPCOMING_STREAMS_KEY } from './features/streams/api/get-upcoming-streams';
import { hasEnded, isUpcoming } from './features/streams/utils/show-state';
import { WISHLIST_URL } from './features/wishlist/api/get-wishlist';
import { EARLY_TAPS_SCRIPT } from './lib/early-taps';
import { WARM_NUMBER_FORMAT_SCRIPT } from './lib/format';
import { preloadLazyComponents } from './lib/lazy-component';
import { setServerOrigin } from './lib/origin';
import { createQueryClient } from './lib/query-client';

/**
 * Server rendering (decision 020): the server imports this bundle and renders the landing page, home
 * and a stream page from the same components the browser hydrates. It never fetches by itself: the
 * host answers API paths for the request (with the requester's cookie), so the HTML shows exactly what
 * the browser would have fetched.
 */
export type ApiAnswer = { status: number; body: unknown };
export type FetchApi = (path: string) => Promise<ApiAnswer>;
/** `headScript`: inline script for the page's <head> (it runs under the page's nonce, or its hash on a cached page). */
/** `pageModule`: the rendered page's source module, its key in the build's manifest (the server preloads its chunks). */
export type Rendered = { html: string; state: SsrState; user: CurrentUser | null; headScript: string; pageModule: string };

const appLocales = import.meta.glob<ResourceLanguage>('./locales/*.json', { import: 'default', eager: true });
const contractLocales = import.meta.glob<ResourceLanguage>('../../../packages/contract/locales/*.json', { import: 'default', eager: true });
const bundleOf = (code: string) => {
  const pick = (files: Record<string, ResourceLanguage>) => Object.entries(files).find(([path]) => path.endsWith(`/${code}.json`))?.[1] ?? {};
  return { ...pick(appLocales), ...pick(contractLocales) };
};

// One instance per language for the process's life: a render only reads it (the language is fixed,
// every text is loaded), and making one per request cost ~9 % of each render (issue 31).
const instances = new Map<LanguageCode, I18n>();
function i18nFor(language: LanguageCode): I18n {
  let instance = instances.get(language);
  if (!instance) instances.set(language, (instance = createI18n(language)));
  return instance;
}

function createI18n(language: LanguageCode): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: LANGUAGES.map((l) => l.code),
    resources: { en: { translation: bundleOf('en') }, [language]: { translation: bundleOf(language) } },
    returnEmptyString: false,
    // Said outright, so i18next does not test every key for a natural-language sentence (a cost per text on a phone).
    keySeparator: '.',
    nsSeparator: false,
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return instance;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The API answers a page needs for its first paint. Anything else renders as loading, as in the browser. */
/** The id of the stream a path shows, when it is one. */
function streamIdOf(path: string): string | null {
  const id = /^\/stream\/([^/]+)$/.exec(path)?.[1];
  return id && UUID.test(id) ? id : null;
}

function pageQueries(path: string, signedIn: boolean): QueryKey[] {
  // Home: Live Now and, under it, Upcoming (issue 13).
  if (path === '/') return signedIn ? [[LIVE_STREAMS_URL], [...UPCOMING_STREAMS_KEY]] : [[LIVE_STREAMS_URL]];
  const stream = streamIdOf(path);
  // The wishlist fills the product cards' hearts; without it each heart would ask once the page runs.
  if (signedIn && stream) return [[STREAMS_URL, stream], [STREAMS_URL, stream, 'messages'], [STREAMS_URL, stream, 'products'], [WISHLIST_URL]];
  return [];
}

async function prefetch(queryClient: QueryClient, fetchApi: FetchApi, queryKey: QueryKey) {
  const answer = await fetchApi(queryKey.join('/'));
  // A failed answer is left for the browser to ask again: the HTML shows loading, as the browser will.
  if (answer.status === 200) queryClient.setQueryData(queryKey, answer.body);
}

let preloaded: Promise<unknown> | null = null;

/**
 * Renders `url` for one request. `language` is the visitor's when signed out (the language cookie or
 * English); a signed-in user's page is in the account's language, as the app would switch to it.
 */
export async function render(url: string, fetchApi: FetchApi, language: LanguageCode, options: { nonce: string; origin: string; signal?: AbortSignal }): Promise<Rendered> {
  setServerOrigin(options.origin);
  preloaded ??= preloadLazyComponents();
  await preloaded;
  const queryClient: QueryClient = createQueryClient();
  const me = await fetchApi(CURRENT_USER_URL);
  const user = me.status === 200 ? (me.body as CurrentUser) : null;
  queryClient.setQueryData([CURRENT_USER_URL], user);
  const path = url.split('?')[0] ?? '/';
  await Promise.all(pageQueries(path, user !== null).map((key) => prefetch(queryClient, fetchApi, key)));
  // A stream page's Follow button shows the store's follow state: rendered with it, not as a spinner.
  const streamId = streamIdOf(path);
  const detail = streamId ? queryClient.getQueryData<StreamDetail>([STREAMS_URL, streamId]) : undefined;
  // Issue 13: an announced show's page shows whether the viewer asked to be reminded (the upcoming
  // list says so); an ended one plays its replay when there is one (404 leaves the ended page).
  const showQueries: QueryKey[] = [];
  if (detail) showQueries.push([SELLERS_URL, detail.seller.id]);
  if (detail && isUpcoming(detail)) showQueries.push([...UPCOMING_STREAMS_KEY]);
  if (detail && hasEnded(detail) && detail.hasReplay !== false) showQueries.push([STREAMS_URL, detail.id, 'replay']);
  await Promise.all(showQueries.map((key) => prefetch(queryClient, fetchApi, key)));

  const lang = (user?.language as LanguageCode | null | undefined) ?? language;
  // Streamed, then read whole once every boundary is ready: the HTML has the page, not its spinners.
  // React completes boundaries that waited for a lazy chunk with small inline scripts: the nonce lets
  // them run under our CSP (script-src 'self').
  let failure: unknown = null;
  const stream = await renderToReadableStream(<App queryClient={queryClient} i18n={i18nFor(lang)} ssrPath={url} />, {
    // An empty nonce: a page cached for everyone, whose inline scripts the CSP allows by their hashes.
    nonce: options.nonce || undefined,
    signal: options.signal,
    // Never outline a big boundary into a later segment revealed by script: the HTML stays in order.
    progressiveChunkSize: Number.MAX_SAFE_INTEGER,
    onError: (error) => {
      failure ??= error;
    },
  });
  await stream.allReady;
  const html = await new Response(stream).text();
  // A part that failed would be left for the browser to render over the HTML: send the plain shell instead.
  if (failure) throw failure;
  const pageModule = `src/app/routes/${renderedPage(path, user !== null)}.tsx`;
  return { html, user, state: { queries: dehydrate(queryClient), language: lang }, headScript: EARLY_TAPS_SCRIPT + WARM_NUMBER_FORMAT_SCRIPT, pageModule };
}
