import { randomUUID } from 'node:crypto';
import pLimit from 'p-limit';
import sharp, { type Sharp } from 'sharp';
import { PRODUCT_IMAGE_STORED_WIDTH, PRODUCT_IMAGE_WIDTHS, productImageKey, type UploadedImage, type UploadedReturnPhoto } from '@live-market/contract';
import { HttpError } from '../../plugins/errors.js';
import type { FileStorage } from './storage.js';

const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'heif']);
export const NOT_A_PHOTO_MESSAGE = 'That file is not a photo we can read. Use a JPEG, PNG or WebP image.';
const MAX_PIXELS = 50_000_000;
const LARGEST = Math.max(...PRODUCT_IMAGE_WIDTHS);

// Decision 019: AVIF at libaom's fastest effort costs about what WebP does here (~0.1 s for 1280 px on
// one core) and is 20–40 % smaller; its default effort took 7–10 s a photo. One photo is encoded at
// a time, on one libvips thread, so uploads never take both cores from the live video.
sharp.concurrency(1);
const oneAtATime = pLimit(1);
const ENCODERS = {
  webp: (image: Sharp) => image.webp({ quality: 78 }),
  avif: (image: Sharp) => image.avif({ quality: 50, effort: 0 }),
} as const;

/**
 * Checks the bytes really are an image (by content, not by the declared type), then writes WebP and
 * AVIF copies in a few widths. Phones send rotated JPEGs: the EXIF orientation is applied and metadata dropped.
 */
export async function storeProductImage(storage: FileStorage, body: Buffer): Promise<UploadedImage> {
  await mustBePhoto(body);
  // Encode every copy before storing any, so a photo that is truncated past its header stores nothing.
  const encoded = await oneAtATime(() => encodeCopies(body)).catch(() => {
    throw new HttpError(415, NOT_A_PHOTO_MESSAGE);
  });
  const id = randomUUID();
  const urls = { webp: {} as Record<string, string>, avif: {} as Record<string, string> };
  for (const { width, format, data } of encoded) {
    urls[format][width] = await storage.put(productImageKey(id, width, format), data, `image/${format}`);
  }
  return { imageUrl: urls.webp[PRODUCT_IMAGE_STORED_WIDTH]!, sizes: urls.webp, avif: urls.avif };
}

/**
 * A buyer's photo of what they send back (issue 27): one WebP, at most 1280 px, turned upright and
 * without its metadata (a phone's EXIF carries where it was taken). Its name is ours, never guessable.
 */
export async function storeReturnPhoto(storage: FileStorage, body: Buffer): Promise<UploadedReturnPhoto> {
  await mustBePhoto(body);
  const data = await oneAtATime(() =>
    ENCODERS.webp(sharp(body, { limitInputPixels: MAX_PIXELS }).rotate().resize({ width: LARGEST, height: LARGEST, fit: 'inside', withoutEnlargement: true })).toBuffer(),
  ).catch(() => {
    throw new HttpError(415, NOT_A_PHOTO_MESSAGE);
  });
  return { url: await storage.put(`returns/${randomUUID()}.webp`, data, 'image/webp') };
}

/** Judged by content, not by the declared type. */
async function mustBePhoto(body: Buffer) {
  const meta = await sharp(body, { limitInputPixels: MAX_PIXELS })
    .metadata()
    .catch(() => null);
  // sharp reports AVIF as 'heif'; HEVC-coded HEIC it can name but not decode.
  const readable = meta?.format && ACCEPTED_FORMATS.has(meta.format) && (meta.format !== 'heif' || meta.compression === 'av1');
  if (!readable) throw new HttpError(415, NOT_A_PHOTO_MESSAGE);
}

async function encodeCopies(body: Buffer) {
  // Decode and shrink the (often 12-megapixel) original once; every copy is made from that.
  const { data, info } = await sharp(body, { limitInputPixels: MAX_PIXELS })
    .rotate()
    .resize({ width: LARGEST, height: LARGEST, fit: 'inside', withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
  const copies = [];
  for (const width of PRODUCT_IMAGE_WIDTHS) {
    for (const format of ['avif', 'webp'] as const) {
      const resized = sharp(data, raw).resize({ width, height: width, fit: 'inside', withoutEnlargement: true });
      copies.push({ width, format, data: await ENCODERS[format](resized).toBuffer() });
    }
  }
  return copies;
}
