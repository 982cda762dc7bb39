import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BusinessDetails, BusinessDetailsBody } from '@live-market/contract/money';
import { apiRequest } from '@/lib/api-client';
import { BUSINESS_URL } from './get-business-details';

/** PUT /api/seller/business: legal name, address, state, GSTIN or enrolment number, PAN. */
export async function saveBusinessDetails(body: BusinessDetailsBody): Promise<BusinessDetails> {
  const res = await apiRequest('PUT', BUSINESS_URL, body);
  return (await res.json()) as BusinessDetails;
}

export function useSaveBusinessDetails({ onSuccess, onError }: { onSuccess?: (details: BusinessDetails) => void; onError?: (error: Error) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveBusinessDetails,
    onSuccess: (details) => {
      queryClient.setQueryData([BUSINESS_URL], details);
      onSuccess?.(details);
    },
    onError,
  });
}
