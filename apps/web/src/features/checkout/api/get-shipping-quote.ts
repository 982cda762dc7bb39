import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ShippingQuote, ShippingQuoteQuery } from '@live-market/contract/shipping';
import { apiRequest } from '@/lib/api-client';

export const SHIPPING_QUOTE_URL = '/api/shipping/quote';

export type QuoteInput = { productId: string; quantity: number; pincode: string };

/** GET /api/shipping/quote?productId=&quantity=&pincode=: can the courier deliver there, cash on delivery, days and fee. */
export async function getShippingQuote({ productId, quantity, pincode }: QuoteInput): Promise<ShippingQuote> {
  const query: Record<keyof ShippingQuoteQuery, string> = { productId, quantity: String(quantity), pincode };
  const res = await apiRequest('GET', `${SHIPPING_QUOTE_URL}?${new URLSearchParams(query).toString()}`);
  return (await res.json()) as ShippingQuote;
}

export function getShippingQuoteQueryOptions(input: QuoteInput | null) {
  return queryOptions({
    queryKey: [SHIPPING_QUOTE_URL, input?.productId, input?.quantity, input?.pincode],
    queryFn: () => getShippingQuote(input!),
    enabled: input !== null,
    // The courier's answer for a place changes slowly; re-asked when the checkout opens again.
    staleTime: 5 * 60_000,
  });
}

export function useShippingQuote(input: QuoteInput | null) {
  return useQuery(getShippingQuoteQueryOptions(input));
}
