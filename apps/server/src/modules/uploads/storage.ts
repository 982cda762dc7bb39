import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

// Where uploaded files live. The local disk under DATA_DIR today; an S3-compatible bucket
// implements the same two methods (put an object, say its public URL).
export interface FileStorage {
  /** Stores the bytes under key (e.g. "products/<id>-640.webp") and returns the URL to serve them at. */
  put(key: string, body: Buffer, contentType: string): Promise<string>;
}

export const UPLOADS_URL_PREFIX = '/uploads/';

export function localStorage(root: string): FileStorage & { root: string } {
  return {
    root,
    async put(key, body) {
      const file = path.join(root, key);
      // Keys are ours (uuid + width), never a client's file name; still refuse anything that climbs out.
      if (!file.startsWith(root + path.sep)) throw new Error('invalid storage key');
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, body);
      return UPLOADS_URL_PREFIX + key;
    },
  };
}
