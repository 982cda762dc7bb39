import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Lazy route chunks are transformed on first import; on a busy 2-core CI machine that can take
// longer than Testing Library's 1 s default for findBy* queries.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

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
