import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Address, AddressBody } from '@live-market/contract/orders';
import { apiRequest } from '@/lib/api-client';
import { ADDRESSES_URL } from './get-addresses';

/** POST /api/addresses {name, phone, pincode, state, city, line1, line2}: 201 with the saved address. */
export async function createAddress(body: AddressBody): Promise<Address> {
  const res = await apiRequest('POST', ADDRESSES_URL, body);
  return (await res.json()) as Address;
}

export function useCreateAddress({ onSuccess, onError }: { onSuccess?: (address: Address) => void; onError?: (error: Error) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAddress,
    onSuccess: (address) => {
      queryClient.setQueryData<Address[]>([ADDRESSES_URL], (list = []) => [address, ...list.filter((a) => a.id !== address.id)]);
      onSuccess?.(address);
    },
    onError,
  });
}
