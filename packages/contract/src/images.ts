// Where an uploaded product photo's copies live (decision 019). A product stores one URL, the 640 px
// WebP; the other widths and formats sit beside it under names derived from it, so a browser can be
// offered all of them without another field or request. No zod here: the web's first route imports it.

/** Widths kept of every photo: list thumbnails, cards on a phone, large screens and 3× displays. */
export const PRODUCT_IMAGE_WIDTHS = [320, 640, 1280] as const;
/** The width whose URL the product keeps (the `<img src>` for browsers that ignore srcset). */
export const PRODUCT_IMAGE_STORED_WIDTH = 640;

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const WIDTH = `(?:${PRODUCT_IMAGE_WIDTHS.join('|')})`;
/** A folder per photo, AVIF and WebP in every width: /uploads/products/<uuid>/<width>.webp */
export const UPLOADED_IMAGE_SOURCE = `/uploads/products/(${UUID})/${WIDTH}\\.webp`;
/** Uploads from before decision 019, WebP only: /uploads/products/<uuid>-<width>.webp */
export const LEGACY_UPLOADED_IMAGE_SOURCE = `/uploads/products/(${UUID})-${WIDTH}\\.webp`;

/** The storage key of one copy of a photo (under /uploads/). */
export const productImageKey = (id: string, width: number, format: 'avif' | 'webp') => `products/${id}/${width}.${format}`;

export interface ImageSources {
  /** srcset of the AVIF copies, when the photo has them. */
  avif?: string;
  /** srcset of the WebP copies. */
  webp: string;
}

const uploaded = new RegExp(`^${UPLOADED_IMAGE_SOURCE}$`);
const legacy = new RegExp(`^${LEGACY_UPLOADED_IMAGE_SOURCE}$`);
const srcset = (url: (width: number) => string) => PRODUCT_IMAGE_WIDTHS.map((w) => `${url(w)} ${w}w`).join(', ');

/** The srcsets of an uploaded photo's stored copies; null for any other image (a seeded SVG, a preview). */
export function imageSources(url: string): ImageSources | null {
  const id = uploaded.exec(url)?.[1];
  if (id) {
    const at = (format: 'avif' | 'webp') => (w: number) => `/uploads/${productImageKey(id, w, format)}`;
    return { avif: srcset(at('avif')), webp: srcset(at('webp')) };
  }
  const legacyId = legacy.exec(url)?.[1];
  return legacyId ? { webp: srcset((w) => `/uploads/products/${legacyId}-${w}.webp`) } : null;
}
