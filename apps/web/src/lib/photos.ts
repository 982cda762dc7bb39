import { PRODUCT_IMAGE_MAX_BYTES, PRODUCT_IMAGE_TYPES } from '@live-market/contract/products';

// A photo picked on a phone, checked before it is uploaded (a product's, a return's).
const EXTENSION_TYPES: Record<string, string> = { jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp', avif: 'image/avif' };

/** The file's image type; some phones leave File.type empty, so the extension decides then. */
export function imageTypeOf(file: Pick<File, 'name' | 'type'>): string {
  if (file.type) return file.type;
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  return EXTENSION_TYPES[extension] ?? '';
}

export type PhotoProblem = 'type' | 'size' | 'empty';

/** Checks a picked photo before it is uploaded: an accepted image type, at most PRODUCT_IMAGE_MAX_BYTES. */
export function checkPhoto(file: Pick<File, 'name' | 'type' | 'size'>): PhotoProblem | null {
  if (!(PRODUCT_IMAGE_TYPES as readonly string[]).includes(imageTypeOf(file))) return 'type';
  if (file.size === 0) return 'empty';
  if (file.size > PRODUCT_IMAGE_MAX_BYTES) return 'size';
  return null;
}
