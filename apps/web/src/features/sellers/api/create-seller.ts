import { useMutation } from '@tanstack/react-query';
import type { CreateSellerBody, Seller } from '@live-market/contract/sellers';
import { apiRequest } from '@/lib/api-client';
import { SELLERS_URL } from './get-seller';

/** POST /api/sellers {storeName, description, category}: 201 with the new store; 409 when the user already has one. */
export async function createSeller(body: CreateSellerBody): Promise<Seller> {
  const res = await apiRequest('POST', SELLERS_URL, body);
  return (await res.json()) as Seller;
}

type UseCreateSellerOptions = {
  onSuccess?: (seller: Seller) => void | Promise<void>;
  onError?: (error: Error) => void;
};

/** The caller refreshes the current user on success (SPEC section 7): the auth feature owns that query. */
export function useCreateSeller({ onSuccess, onError }: UseCreateSellerOptions = {}) {
  return useMutation({ mutationFn: createSeller, onSuccess, onError });
}
