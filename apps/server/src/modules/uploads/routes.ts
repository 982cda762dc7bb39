import type { FastifyInstance } from 'fastify';
import { mkdir } from 'node:fs/promises';
import fastifyStatic from '@fastify/static';
import { PRODUCT_IMAGE_MAX_BYTES, PRODUCT_IMAGE_TYPES } from '@live-market/contract';
import { HttpError } from '../../plugins/errors.js';
import { currentUserId, requireUser, type Auth } from '../auth/index.js';
import { storeProductImage, storeReturnPhoto } from './service.js';
import { UPLOADS_URL_PREFIX, type FileStorage } from './storage.js';

export interface UploadsOptions {
  auth: Auth;
  storage: FileStorage;
  /** Local storage serves its files itself; a bucket would serve them from its own URL. */
  serveFrom?: string;
  isSeller: (userId: string) => Promise<boolean>;
  /** A return photo stored: whose it is (the returns module keeps it). */
  onReturnPhoto: (userId: string, url: string) => Promise<void>;
}

// A photo is sent as the raw request body with its image type (no multipart needed from a phone).
export async function uploadsRoutes(app: FastifyInstance, opts: UploadsOptions) {
  const signedIn = requireUser(opts.auth);
  app.addContentTypeParser([...PRODUCT_IMAGE_TYPES], { parseAs: 'buffer', bodyLimit: PRODUCT_IMAGE_MAX_BYTES }, (_request, body, done) =>
    done(null, body),
  );
  // Anything else (a PDF, a text file pretending) gets a clear 415 instead of Fastify's generic one.
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: PRODUCT_IMAGE_MAX_BYTES }, (_request, _body, done) =>
    done(new HttpError(415, 'Send the photo as an image (JPEG, PNG or WebP).')),
  );

  app.post('/api/uploads/product-image', { onRequest: signedIn, bodyLimit: PRODUCT_IMAGE_MAX_BYTES }, async (request, reply) => {
    if (!(await opts.isSeller(currentUserId(request)))) throw new HttpError(403, 'Only sellers can upload product photos');
    if (!Buffer.isBuffer(request.body) || request.body.length === 0) throw new HttpError(400, 'Choose a photo to upload');
    return reply.code(201).send(await storeProductImage(opts.storage, request.body));
  });

  // Any shopper may send photos with a return; the return itself checks who may ask for it.
  app.post('/api/uploads/return-photo', { onRequest: signedIn, bodyLimit: PRODUCT_IMAGE_MAX_BYTES }, async (request, reply) => {
    if (!Buffer.isBuffer(request.body) || request.body.length === 0) throw new HttpError(400, 'Choose a photo to upload');
    const photo = await storeReturnPhoto(opts.storage, request.body);
    await opts.onReturnPhoto(currentUserId(request), photo.url);
    return reply.code(201).send(photo);
  });

  if (opts.serveFrom) {
    await mkdir(opts.serveFrom, { recursive: true });
    await app.register(fastifyStatic, {
      root: opts.serveFrom,
      prefix: UPLOADS_URL_PREFIX,
      decorateReply: false,
      // File names are new for every upload: cache them for a year.
      maxAge: '365d',
      immutable: true,
    });
  }
}
