import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BusinessDetails } from '@live-market/contract/money';
import { apiRequest } from '@/lib/api-client';

export const BUSINESS_URL = '/api/seller/business';

/** GET /api/seller/business: what the seller's GST invoices say about them; null until filled in. */
export async function getBusinessDetails(): Promise<BusinessDetails | null> {
  const res = await apiRequest('GET', BUSINESS_URL);
  return (await res.json()) as BusinessDetails | null;
}

export function getBusinessDetailsQueryOptions() {
  return queryOptions({ queryKey: [BUSINESS_URL], queryFn: getBusinessDetails });
}

export function useBusinessDetails() {
  return useQuery(getBusinessDetailsQueryOptions());
}
