import { useMutation } from '@tanstack/react-query';
import type { VerificationBody, VerificationSubmission } from '@live-market/contract/verification';
import { apiRequest } from '@/lib/api-client';

export const SELLER_VERIFICATION_URL = '/api/seller/verification';

/** POST /api/seller/verification: 201 with the pending submission; 409 while one is under review, 403 without a store. */
export async function submitVerification(body: VerificationBody): Promise<VerificationSubmission> {
  const res = await apiRequest('POST', SELLER_VERIFICATION_URL, body);
  return (await res.json()) as VerificationSubmission;
}

type UseSubmitVerificationOptions = {
  onSuccess?: (submission: VerificationSubmission) => void;
  onError?: (error: Error) => void;
};

/** The caller refreshes the current user on success (SPEC section 7): the auth feature owns that query. */
export function useSubmitVerification({ onSuccess, onError }: UseSubmitVerificationOptions = {}) {
  return useMutation({ mutationFn: submitVerification, onSuccess, onError });
}
