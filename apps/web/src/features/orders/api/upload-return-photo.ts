import type { UploadedReturnPhoto } from '@live-market/contract/shipping';
import { apiUpload } from '@/lib/api-client';

export const RETURN_PHOTO_UPLOAD_URL = '/api/uploads/return-photo';

/** POST /api/uploads/return-photo with the raw image: 201 with its address; 415 not a photo, 413 too large. */
export async function uploadReturnPhoto(file: Blob, contentType: string): Promise<string> {
  const res = await apiUpload(RETURN_PHOTO_UPLOAD_URL, file, contentType);
  return ((await res.json()) as UploadedReturnPhoto).url;
}
