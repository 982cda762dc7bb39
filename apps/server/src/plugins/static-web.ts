import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { createWebPages, type StreamPreview } from './web-pages.js';

const here = path.dirname(fileURLToPath(import.meta.url));
export const WEB_DIST_DIR = path.resolve(here, '../../../web/dist');
export const WEB_SERVER_DIST_DIR = path.resolve(here, '../../../web/dist-server');
export const DEMO_ASSETS_DIR = path.resolve(here, '../../assets/demo');

export type PageOptions = {
  publicUrl: string;
  streamPreview: (streamId: string) => Promise<StreamPreview | null>;
  webServerDist?: string;
  /** Wires the forgetting of cached signed-out pages to the events that change them (decision 054). */
  onPagesChange?: (forget: () => void) => void;
};

// Serves the built SPA and the demo images; unknown non-API paths get the app's page (server-rendered
// for / and /stream/{id}, decision 020) so the client router can answer them (including its own 404 page).
export async function registerStaticWeb(app: FastifyInstance, webDist = WEB_DIST_DIR, pages?: PageOptions) {
  if (existsSync(DEMO_ASSETS_DIR)) {
    await app.register(fastifyStatic, { root: DEMO_ASSETS_DIR, prefix: '/demo/', decorateReply: false, maxAge: '1d' });
  }
  const hasWeb = existsSync(path.join(webDist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      prefix: '/',
      wildcard: false,
      index: false,
      // The build writes .br/.gz beside each asset (apps/web/scripts/precompress.mjs).
      preCompressed: true,
      cacheControl: false,
      setHeaders(res, file) {
        // Vite fingerprints everything under assets/: cache it for a year.
        const fingerprinted = file.startsWith(path.join(webDist, 'assets') + path.sep);
        res.setHeader('Cache-Control', fingerprinted ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  // The request limit (plugins/limits.ts) runs where a page is rendered, not on every page view.
  const rateLimit = app.hasDecorator('rateLimit') ? app.rateLimit() : null;
  const sendPage =
    hasWeb && pages
      ? await createWebPages(app, {
          webDist,
          webServerDist: pages.webServerDist ?? WEB_SERVER_DIST_DIR,
          publicUrl: pages.publicUrl,
          streamPreview: pages.streamPreview,
          onPagesChange: pages.onPagesChange,
          limit: rateLimit ? async (request, reply) => void (await rateLimit.call(app, request, reply)) : undefined,
        })
      : null;
  if (sendPage) {
    // The server-rendered pages are routes of their own, so the app's compression applies to them (it
    // is attached per route; a not-found handler has none). Every other page path falls through below.
    // Their request limit runs inside sendPage, on renders only: a crowd served from the page cache
    // costs no count (a Redis round trip each with several instances).
    app.get('/', { config: { rateLimit: false } }, (request, reply) => sendPage(request, reply));
    app.get('/stream/:id', { config: { rateLimit: false } }, (request, reply) => sendPage(request, reply));
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !url.startsWith('/api/') && url !== '/ws' && !/\.[a-z0-9]+$/i.test(url);
    if (wantsPage && sendPage) return sendPage(request, reply);
    if (wantsPage && hasWeb) return reply.header('Cache-Control', 'no-cache').sendFile('index.html', webDist);
    if (wantsPage) return reply.code(503).type('text/plain').send('The web app is not built. Run `npm run build` (npm start does it for you).');
    return reply.code(404).send({ message: 'Not Found' });
  });
}
