import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import type { UploadedImage } from '@live-market/contract';
import { HttpError } from '../../plugins/errors.js';
import type { FileStorage } from './storage.js';

/** Widths we keep of a product photo: list thumbnails, the sheet, and large screens. */
export const PRODUCT_IMAGE_WIDTHS = [320, 640, 1280] as const;
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'heif']);
export const NOT_A_PHOTO_MESSAGE = 'That file is not a photo we can read. Use a JPEG, PNG or WebP image.';
const MAX_PIXELS = 50_000_000;

/**
 * Checks the bytes really are an image (by content, not by the declared type), then writes WebP
 * copies in a few widths. Phones send rotated JPEGs: the EXIF orientation is applied and metadata dropped.
 */
export async function storeProductImage(storage: FileStorage, body: Buffer): Promise<UploadedImage> {
  const meta = await sharp(body, { limitInputPixels: MAX_PIXELS })
    .metadata()
    .catch(() => null);
  // sharp reports AVIF as 'heif'; HEVC-coded HEIC it can name but not decode.
  const readable = meta?.format && ACCEPTED_FORMATS.has(meta.format) && (meta.format !== 'heif' || meta.compression === 'av1');
  if (!readable) throw new HttpError(415, NOT_A_PHOTO_MESSAGE);

  // Encode every width before storing any, so a photo that is truncated past its header stores nothing.
  const encoded = await Promise.all(
    PRODUCT_IMAGE_WIDTHS.map((width) =>
      sharp(body, { limitInputPixels: MAX_PIXELS })
        .rotate()
        .resize({ width, height: width, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 78 })
        .toBuffer(),
    ),
  ).catch(() => {
    throw new HttpError(415, NOT_A_PHOTO_MESSAGE);
  });
  const id = randomUUID();
  const sizes: Record<string, string> = {};
  for (const [index, width] of PRODUCT_IMAGE_WIDTHS.entries()) {
    sizes[String(width)] = await storage.put(`products/${id}-${width}.webp`, encoded[index]!, 'image/webp');
  }
  return { imageUrl: sizes['640']!, sizes };
}
