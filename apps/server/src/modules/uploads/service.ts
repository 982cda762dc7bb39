import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import type { UploadedImage } from '@live-market/contract';
import { HttpError } from '../../plugins/errors.js';
import type { FileStorage } from './storage.js';

/** Widths we keep of a product photo: list thumbnails, the sheet, and large screens. */
export const PRODUCT_IMAGE_WIDTHS = [320, 640, 1280] as const;
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'avif', 'heif', 'gif', 'tiff']);
const MAX_PIXELS = 50_000_000;

/**
 * Checks the bytes really are an image (by content, not by the declared type), then writes WebP
 * copies in a few widths. Phones send rotated JPEGs: the EXIF orientation is applied and metadata dropped.
 */
export async function storeProductImage(storage: FileStorage, body: Buffer): Promise<UploadedImage> {
  let format: string | undefined;
  try {
    const meta = await sharp(body, { limitInputPixels: MAX_PIXELS }).metadata();
    format = meta.format;
  } catch {
    throw new HttpError(415, 'That file is not a photo we can read. Use a JPEG, PNG or WebP image.');
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) throw new HttpError(415, 'That file is not a photo we can read. Use a JPEG, PNG or WebP image.');

  const id = randomUUID();
  const sizes: Record<string, string> = {};
  for (const width of PRODUCT_IMAGE_WIDTHS) {
    const webp = await sharp(body, { limitInputPixels: MAX_PIXELS })
      .rotate()
      .resize({ width, height: width, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 78 })
      .toBuffer();
    sizes[String(width)] = await storage.put(`products/${id}-${width}.webp`, webp, 'image/webp');
  }
  return { imageUrl: sizes['640']!, sizes };
}
