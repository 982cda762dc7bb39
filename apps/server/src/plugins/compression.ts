import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import { isStaticFile } from './static-files.js';

const BODYLESS = new Set(['GET', 'HEAD']);
const hasBody = (method: string | string[]) => (Array.isArray(method) ? method : [method]).some((m) => !BODYLESS.has(m));

/** A route that serves a file: one per file of the build, or a folder's wildcard (/demo/*, /uploads/*). */
export const isStaticFileRoute = (url: string) => isStaticFile(url) || (url.endsWith('/*') && !url.startsWith('/api/'));

// Pages and API answers made per request, compressed for a phone on a slow link (a server-rendered
// page shrinks about fourfold). Brotli at quality 4: near gzip's CPU cost, smaller output; the build's
// own files are compressed ahead at the highest quality (apps/web/scripts/precompress.mjs) and sent as
// they are. Small answers are not worth a compressor's setup.
/** Below this a compressor's setup costs more than it saves; also used by the fast answers (decision 057). */
export const COMPRESS_THRESHOLD = 1024;
export const BROTLI_OPTIONS = { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } };
export const GZIP_OPTIONS = { level: 6 };

export async function registerCompression(app: FastifyInstance) {
  // Files of the build, demo images and photos: compressed ahead, or images, or too small to gain.
  app.addHook('onRoute', (route) => {
    if (isStaticFileRoute(route.url)) route.compress = false;
    // A GET or HEAD has no body to inflate: no request decompressor on those routes (issue 31).
    if (!hasBody(route.method)) route.decompress = false;
  });
  await app.register(compress, {
    global: true,
    threshold: COMPRESS_THRESHOLD,
    encodings: ['br', 'gzip'],
    brotliOptions: BROTLI_OPTIONS,
    zlibOptions: GZIP_OPTIONS,
  });
}
