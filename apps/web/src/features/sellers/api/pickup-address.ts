import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Address, AddressBody } from '@live-market/contract/orders';
import { apiRequest } from '@/lib/api-client';

export const PICKUP_ADDRESS_URL = '/api/seller/pickup-address';

/** GET /api/seller/pickup-address: where the courier collects the store's parcels; null until the seller adds it. */
export async function getPickupAddress(): Promise<Address | null> {
  const res = await apiRequest('GET', PICKUP_ADDRESS_URL);
  return (await res.json()) as Address | null;
}

export function getPickupAddressQueryOptions() {
  // Asked afresh when a shipment is refused: it may have been added from another device.
  return queryOptions({ queryKey: [PICKUP_ADDRESS_URL], queryFn: getPickupAddress, staleTime: 0 });
}

/** PUT /api/seller/pickup-address with an address body; 400 with the server's message on an unknown PIN code or the wrong state. */
export async function savePickupAddress(body: AddressBody): Promise<Address> {
  const res = await apiRequest('PUT', PICKUP_ADDRESS_URL, body);
  return (await res.json()) as Address;
}

export function useSavePickupAddress({ onSuccess, onError }: { onSuccess?: (address: Address) => void; onError?: (error: Error) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePickupAddress,
    onSuccess: (address) => {
      queryClient.setQueryData([PICKUP_ADDRESS_URL], address);
      onSuccess?.(address);
    },
    onError,
  });
}
