import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DEFAULT_LANGUAGE, LANGUAGE_COOKIE, SSR_STATE_ID, isLanguageCode, type LanguageCode, type SsrState } from '@live-market/contract';
import { createPageCache } from '../pages/page-cache.js';
import { PublicPage, pickEncoding } from '../pages/public-page.js';
import { replaceLiterally } from '../pages/replace-literally.js';

// The web build's server bundle (apps/web/src/entry-server.tsx), loaded by path: the server never
// imports web source, only what `npm run build` made.
type Render = (
  url: string,
  fetchApi: (path: string) => Promise<{ status: number; body: unknown }>,
  language: LanguageCode,
  options: { nonce: string; origin: string; signal?: AbortSignal },
) => Promise<{ html: string; state: SsrState; headScript?: string; pageModule?: string }>;

/** What a link preview shows for a stream: public facts only, the same for every requester. */
export type StreamPreview = { title: string; description: string | null; storeName: string; thumbnailUrl: string | null };

export type WebPagesOptions = {
  webDist: string;
  webServerDist: string;
  publicUrl: string;
  streamPreview: (streamId: string) => Promise<StreamPreview | null>;
  /** Called with a function that forgets every cached signed-out page: on each event that changes one, on every instance. */
  onPagesChange?: (forget: () => void) => void;
  /** The per-address request limit, run before each render (a page from the cache costs none, so it counts none). */
  limit?: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
};

// better-auth's cookies (cookiePrefix 'lm' in modules/auth/auth.ts, __Secure- on HTTPS). A request
// without one is surely signed out; one with one renders for its user, even if the session is over.
const AUTH_COOKIE = /^(__Secure-|__Host-)?lm\./;
// The longest URL that gets a cache entry of its own; longer ones are rendered per request.
const MAX_CACHED_URL = 200;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// A page that takes longer than this to render is sent as the plain app shell instead.
const RENDER_TIMEOUT_MS = 3000;

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
// Inside <script type="application/json">: nothing may close the element or open a comment.
const escapeJson = (json: string) => json.replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');

export function streamMetaTags(preview: StreamPreview, pageUrl: string, publicUrl: string): string {
  const title = `${preview.title} · ${preview.storeName}`;
  const description = (preview.description?.trim() || preview.title).slice(0, 200);
  // Link-preview crawlers show raster images only: an SVG thumbnail (the demo shows') gives way to ours.
  const raster = preview.thumbnailUrl && !/\.svg$/i.test(preview.thumbnailUrl) ? preview.thumbnailUrl : null;
  const image = raster ? new URL(raster, publicUrl + '/').href : `${publicUrl}/og-image.png`;
  const tags: Array<[string, string, string]> = [
    ['property', 'og:type', 'video.other'],
    ['property', 'og:site_name', 'LiveMarket'],
    ['property', 'og:title', title],
    ['property', 'og:description', description],
    ['property', 'og:url', pageUrl],
    ['property', 'og:image', image],
    ['name', 'twitter:card', 'summary_large_image'],
    ['name', 'twitter:title', title],
    ['name', 'twitter:description', description],
    ['name', 'twitter:image', image],
    ['name', 'description', description],
  ];
  return tags.map(([attr, key, value]) => `<meta ${attr}="${key}" content="${escapeHtml(value)}" />`).join('\n    ');
}

const ENTRY_SCRIPT = /\n?\s*<script type="module"[^>]*\ssrc="([^"]+)"[^>]*><\/script>/;
const MODULE_PRELOAD = /\n?\s*<link rel="modulepreload"[^>]*\shref="([^"]+)"[^>]*>/g;

/**
 * A server-rendered page shows without the app's script, so the script need not compete with the
 * page's CSS and images on a slow link: its tags leave the template, and an inline loader adds them
 * once the page has painted (or after 3 s where paint timing is missing or a background tab waits).
 * Taps in between are held (apps/web/src/lib/early-taps.ts). The loader also preloads the rendered
 * page's own chunk (`pageFiles`), which the app would otherwise ask for only once its entry has run.
 */
export function deferAppScripts(template: string): { template: string; entryFiles: string[]; loader: ((pageFiles?: string[]) => string) | null } {
  const entry = ENTRY_SCRIPT.exec(template)?.[1];
  if (!entry) return { template, entryFiles: [], loader: null };
  const preloads = [...template.matchAll(MODULE_PRELOAD)].map((match) => match[1]!);
  const stripped = template.replace(ENTRY_SCRIPT, '').replace(MODULE_PRELOAD, '');
  // The entry first, so its download starts at once; then the preloads, a few links per task (each
  // added by script costs a slowed CPU 3-7 ms under measurement).
  const loader = (pageFiles: string[] = []) =>
    `(function(){var done=false,h=document.head;` +
    `function add(u){var l=document.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=u;h.appendChild(l);}` +
    `function load(){if(done)return;done=true;` +
    `var s=document.createElement('script');s.type='module';s.crossOrigin='';s.src=${JSON.stringify(entry)};h.appendChild(s);` +
    `var links=${JSON.stringify([...preloads, ...pageFiles])};(function more(){links.splice(0,${PRELOADS_PER_TASK}).forEach(add);if(links.length)setTimeout(more,0);})();}` +
    `try{new PerformanceObserver(function(l){if(l.getEntriesByName('first-contentful-paint').length)setTimeout(load,0);}).observe({type:'paint',buffered:true});}catch(e){}` +
    `setTimeout(load,3000);})();`;
  return { template: stripped, entryFiles: [entry, ...preloads], loader };
}

const PRELOADS_PER_TASK = 4;

/** The build's manifest (Vite): each source module's chunk and the chunks it imports. */
export type BuildManifest = Record<string, { file: string; imports?: string[] }>;

/**
 * The chunk of a page's module, unless the entry loads it already. Its own imports are left to the
 * browser's module loader: preloading all ~40 of a stream page's chunks made Lighthouse's TBT worse
 * and its time to interactive no better (decision 020).
 */
export function pageFiles(manifest: BuildManifest, pageModule: string, skip: string[]): string[] {
  const chunk = manifest[pageModule];
  return chunk && !skip.includes(`/${chunk.file}`) ? [`/${chunk.file}`] : [];
}

function readManifest(webDist: string): BuildManifest {
  const file = path.join(webDist, '.vite', 'manifest.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as BuildManifest) : {};
}

async function loadRenderer(webServerDist: string, app: FastifyInstance): Promise<Render | null> {
  const entry = path.join(webServerDist, 'entry-server.js');
  if (!existsSync(entry)) return null;
  try {
    return ((await import(pathToFileURL(entry).href)) as { render: Render }).render;
  } catch (error) {
    app.log.error({ err: error }, 'The server-rendering bundle did not load: pages are sent unrendered');
    return null;
  }
}

/**
 * The HTML of the app's pages (decision 020). `/` and `/stream/{id}` are rendered on the server from the
 * app's components with the requester's data; every other path gets the app shell. A stream page also
 * carries its title and link-preview tags for every requester, signed in or not.
 */
export async function createWebPages(app: FastifyInstance, options: WebPagesOptions) {
  const template = readFileSync(path.join(options.webDist, 'index.html'), 'utf8');
  const deferred = deferAppScripts(template);
  const manifest = readManifest(options.webDist);
  const render = await loadRenderer(options.webServerDist, app);
  // One render ahead of the first visitor (in the background, start-up does not wait): it loads the
  // code-split pages and warms the code, so the first real page is not the slow one.
  if (render) {
    const signedOut = async () => ({ status: 401, body: null });
    void render('/', signedOut, DEFAULT_LANGUAGE, { nonce: 'warm-up', origin: options.publicUrl }).catch((error: unknown) =>
      app.log.warn({ err: error }, 'Server rendering warm-up failed'),
    );
  }
  const defaultDescription = /<meta name="description"[^>]*>\n?\s*/;

  async function headFor(pathname: string): Promise<{ title?: string; meta?: string }> {
    const streamId = /^\/stream\/([^/]+)$/.exec(pathname)?.[1];
    if (!streamId || !UUID.test(streamId)) return {};
    const preview = await options.streamPreview(streamId).catch(() => null);
    if (!preview) return {};
    return { title: `${preview.title} · ${preview.storeName} | LiveMarket`, meta: streamMetaTags(preview, `${options.publicUrl}${pathname}`, options.publicUrl) };
  }

  function languageOf(request: FastifyRequest): LanguageCode {
    const cookie = request.cookies?.[LANGUAGE_COOKIE];
    return isLanguageCode(cookie) ? cookie : DEFAULT_LANGUAGE;
  }

  /** `cookie`: the requester's, for their own answers; '' for a page made for every signed-out visitor. */
  async function rendered(request: FastifyRequest, pathname: string, nonce: string, cookie: string) {
    if (!render || !isRenderedPath(pathname)) return null;
    // The requester's own API answers: their cookie, and their address for the rate limit.
    const fetchApi = async (apiPath: string) => {
      const res = await app.inject({ method: 'GET', url: apiPath, headers: { cookie }, remoteAddress: request.ip });
      return { status: res.statusCode, body: res.statusCode === 200 ? res.json() : null };
    };
    try {
      return await render(request.url, fetchApi, languageOf(request), { nonce, origin: options.publicUrl, signal: AbortSignal.timeout(RENDER_TIMEOUT_MS) });
    } catch (error) {
      request.log.warn({ err: error, url: request.url }, 'Server rendering failed: sending the app shell');
      return null;
    }
  }

  /** The page's HTML; its inline script carries `nonce` when there is one (else the CSP allows it by its hash). */
  async function pageHtml(request: FastifyRequest, pathname: string, nonce: string, cookie: string) {
    const [head, page] = await Promise.all([headFor(pathname), rendered(request, pathname, nonce, cookie)]);
    let html = page ? deferred.template : template;
    // Everything goes in through replaceLiterally: titles, chat lines and store names may hold `$&` and kin.
    if (head.meta) html = replaceLiterally(html.replace(defaultDescription, ''), '</head>', `  ${head.meta}\n  </head>`);
    if (head.title) html = replaceLiterally(html, /<title>[^<]*<\/title>/, `<title>${escapeHtml(head.title)}</title>`);
    if (page) {
      // The page's script (holding taps until the app has taken the page over) goes before anything shows.
      const loader = deferred.loader?.(page.pageModule ? pageFiles(manifest, page.pageModule, deferred.entryFiles) : []);
      const inline = [page.headScript, loader].filter(Boolean).join('\n');
      const attribute = nonce ? ` nonce="${nonce}"` : '';
      if (inline) html = replaceLiterally(html, '</head>', `  <script${attribute}>${inline.replace(/<\//g, '<\\/')}</script>\n  </head>`);
      html = replaceLiterally(html, /<html lang="[^"]*"/, `<html lang="${page.state.language}"`);
      const state = `<script type="application/json" id="${SSR_STATE_ID}">${escapeJson(JSON.stringify(page.state))}</script>`;
      html = replaceLiterally(html, '<div id="root"></div>', `<div id="root">${page.html}</div>${state}`);
    }
    return { html, rendered: page !== null };
  }

  // Signed-out pages, once per URL and language (decision 054): a crowd from a shared link costs one
  // render a second, not one each. Forgotten on each listing change (a show starts, ends, is announced
  // or cancelled) on every instance, and after a second in any case (viewer counts, store names).
  const publicPages = createPageCache<PublicPage>({ ttlMs: 1000, maxEntries: 300 });
  options.onPagesChange?.(() => publicPages.invalidate());

  async function sendPublic(request: FastifyRequest, reply: FastifyReply, pathname: string) {
    const key = `${languageOf(request)} ${request.url}`;
    if (!publicPages.has(key)) await limit(request, reply);
    const page = await publicPages.get(key, async () => {
      const made = await pageHtml(request, pathname, '', '');
      // A failed render (the shell) is sent once and tried again by the next visitor.
      return { value: new PublicPage(made.html), keep: made.rendered };
    });
    const encoding = pickEncoding(request.headers['accept-encoding']);
    const csp = reply.getHeader('content-security-policy');
    if (csp) reply.header('content-security-policy', page.cspFor(String(csp)));
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    // The same for every signed-out visitor in this language, for a second. The language cookie decides
    // the language and a session cookie makes the page private: a shared cache keys on the Cookie header
    // (Vary) and may keep it a second; one that ignores Vary must not keep HTML at all (decision 054).
    return reply
      .header('Cache-Control', 'public, max-age=1')
      .header('Vary', 'Cookie, Accept-Encoding')
      .type('text/html; charset=utf-8')
      .send(page.body(encoding));
  }

  const limit = options.limit ?? (async () => {});
  const mayBeSignedIn = (request: FastifyRequest) => Object.keys(request.cookies ?? {}).some((name) => AUTH_COOKIE.test(name));

  return async function sendPage(request: FastifyRequest, reply: FastifyReply) {
    const pathname = request.url.split('?')[0] ?? '/';
    if (render && isRenderedPath(pathname) && !mayBeSignedIn(request) && request.url.length <= MAX_CACHED_URL) return sendPublic(request, reply, pathname);
    if (render && isRenderedPath(pathname)) await limit(request, reply);
    const nonce = randomBytes(16).toString('base64');
    const { html, rendered: wasRendered } = await pageHtml(request, pathname, nonce, request.headers.cookie ?? '');
    if (wasRendered) {
      // The page's own inline scripts (React's, carrying this nonce) may run; nothing else inline may.
      const csp = String(reply.getHeader('content-security-policy') ?? '');
      reply.header('content-security-policy', replaceLiterally(csp, "script-src 'self'", `script-src 'self' 'nonce-${nonce}'`));
    }
    // Per-requester content: never stored by a shared cache, and the cookie decides it.
    return reply.header('Cache-Control', 'no-cache, private').header('Vary', 'Cookie').type('text/html; charset=utf-8').send(html);
  };
}

const isRenderedPath = (pathname: string) => pathname === '/' || pathname.startsWith('/stream/');
