import { useMutation } from '@tanstack/react-query';
import type { UploadedImage } from '@live-market/contract/products';
import { apiUpload } from '@/lib/api-client';

export const PRODUCT_IMAGE_UPLOAD_URL = '/api/uploads/product-image';

/**
 * POST /api/uploads/product-image with the raw image as the body: 201 with the stored image's
 * imageUrl, which the product form then saves; 415 when it is not an image, 413 when it is too large.
 */
export async function uploadProductImage({ file, contentType }: { file: Blob; contentType: string }): Promise<UploadedImage> {
  const res = await apiUpload(PRODUCT_IMAGE_UPLOAD_URL, file, contentType);
  return (await res.json()) as UploadedImage;
}

type UseUploadProductImageOptions = {
  onSuccess?: (image: UploadedImage) => void;
  onError?: (error: Error) => void;
};

export function useUploadProductImage({ onSuccess, onError }: UseUploadProductImageOptions = {}) {
  return useMutation({ mutationFn: uploadProductImage, onSuccess, onError });
}
