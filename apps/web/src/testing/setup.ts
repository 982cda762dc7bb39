import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, vi } from 'vitest';
import { DEFAULT_LANGUAGE } from '@live-market/contract/constants';
import { resetListsSync } from '@/features/streams/hooks/lists-sync';
import { setShowLanguage } from '@/features/streams/hooks/use-show-language';
import { i18n } from '@/lib/i18n';
import { queryClient } from '@/lib/query-client';
import { resetToasts } from '@/lib/toast';
import { getWsClient } from '@/lib/ws-connection';

// The test files of a worker share one page and one module graph (isolate: false, vitest.config.ts).
// This file runs again before each of them: first it puts back what a freshly opened page would have,
// whatever the file before left behind.
const PRISTINE = Symbol.for('live-market.test.pristine');
type Listening = Parameters<HTMLElement['addEventListener']>;
const bodyListeners = (document.body as HTMLElement & { [PRISTINE]?: Listening[] })[PRISTINE] ??= recordListeners(document.body);
await freshPage();

function recordListeners(target: HTMLElement): Listening[] {
  const added: Listening[] = [];
  const add = target.addEventListener.bind(target);
  target.addEventListener = (...args: Listening) => {
    added.push(args);
    add(...args);
  };
  return added;
}

async function freshPage() {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();

  // What tests define on navigator themselves (share, serviceWorker, mediaDevices, connection).
  const pristine = ((globalThis as { [PRISTINE]?: Set<string> })[PRISTINE] ??= new Set(Object.getOwnPropertyNames(navigator)));
  for (const key of Object.getOwnPropertyNames(navigator)) if (!pristine.has(key)) delete (navigator as unknown as Record<string, unknown>)[key];
  // <body> outlives the files (Testing Library's screen is bound to it): the listeners put on it go with
  // their file, React's for portals too, with the mark that says it put them there (React adds them
  // again for the next portal).
  for (const [type, listener, options] of bodyListeners.splice(0)) document.body.removeEventListener(type, listener, options);
  for (const key of Object.keys(document.body)) if (key.startsWith('_reactListening')) delete (document.body as unknown as Record<string, unknown>)[key];

  // The app's module-level state: the shared socket and the lists it watches, toasts, the query client
  // outside React, the install offer, the language shows are filtered by.
  resetListsSync();
  getWsClient().destroy();
  resetToasts();
  queryClient.clear();
  window.dispatchEvent(new Event('appinstalled'));
  setShowLanguage(null);

  // English, with no other language's catalog loaded (a file that answered every request with
  // its own stub may have had its answer stored as one).
  if (i18n.language !== DEFAULT_LANGUAGE) await i18n.changeLanguage(DEFAULT_LANGUAGE);
  for (const language of Object.keys(i18n.store.data)) if (language !== DEFAULT_LANGUAGE) i18n.removeResourceBundle(language, 'translation');

  window.localStorage.clear();
  window.sessionStorage.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]!.trim();
    if (name) document.cookie = `${name}=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
  }
  if (window.location.pathname !== '/' || window.location.search || window.location.hash) window.history.replaceState(null, '', '/');
  for (const element of [document.documentElement, document.body]) for (const name of element.getAttributeNames()) element.removeAttribute(name);
  document.body.replaceChildren();
  document.title = '';
}

// Lazy route chunks are transformed on first import; on a busy 2-core CI machine that can take
// longer than Testing Library's 1 s default for findBy* queries.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  // Each test renders with a query client of its own: the lists' watch and the socket under it
  // (which linger for a page that comes back at once) must not carry the last test's client over.
  resetListsSync();
  getWsClient().destroy();
  window.localStorage.clear();
});

// A lazy chunk still loading when the file ends would be cut off, and the next file importing it
// would get that failure instead of the module.
afterAll(() => vi.dynamicImportSettled());

// Signed-in pages open the app's socket. Nothing listens in unit tests, and jsdom's real WebSocket would
// dial localhost and log ECONNREFUSED over the results, so sockets here stay "connecting" until closed.
// (Set directly, not with vi.stubGlobal, so that tests calling vi.unstubAllGlobals keep it.)
class IdleWebSocket extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  readonly CONNECTING = 0;
  readonly OPEN = 1;
  readonly CLOSING = 2;
  readonly CLOSED = 3;
  readyState = 0;
  onopen = null;
  onmessage = null;
  onclose = null;
  onerror = null;
  constructor(readonly url: string) {
    super();
  }
  send() {}
  close() {
    this.readyState = 3;
  }
}
globalThis.WebSocket = IdleWebSocket as unknown as typeof WebSocket;

// Likewise a request no test answered fails at once, as a browser offline would, instead of dialling
// localhost. Tests that talk to a server stub fetch themselves. The one exception: a language's
// catalog (lib/i18n.ts fetches it as JSON), served from its file as the built app's server would.
// The web app's folder (Vitest runs this file from source, so its own path says where that is).
const WEB_ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
globalThis.fetch = (async (input: RequestInfo | URL) => {
  const url = String(input instanceof Request ? input.url : input).split('?')[0]!;
  if (/\/locales\/\w\w\.json$/.test(url)) {
    const file = url.startsWith('/@fs/') ? url.slice('/@fs'.length) : path.join(WEB_ROOT, url);
    return new Response(await readFile(file, 'utf8'), { status: 200, headers: { 'content-type': 'application/json' } });
  }
  throw new TypeError('Failed to fetch');
}) as typeof fetch;
