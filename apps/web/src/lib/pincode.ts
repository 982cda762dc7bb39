import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PincodeInfo } from '@live-market/contract/shipping';
import { apiRequest } from './api-client';

export const PINCODES_URL = '/api/pincodes';

/** The contract's PIN code rule: six digits, not starting with 0. */
export const isPincode = (value: string): boolean => /^[1-9]\d{5}$/.test(value.trim());

/** GET /api/pincodes/{pincode}: its district and state; 404 with the server's message when India Post does not know it. */
export async function getPincode(pincode: string): Promise<PincodeInfo> {
  const res = await apiRequest('GET', `${PINCODES_URL}/${pincode}`);
  return (await res.json()) as PincodeInfo;
}

export function getPincodeQueryOptions(pincode: string) {
  const pin = pincode.trim();
  // A PIN code's district does not change while the form is open: asked once per code.
  return queryOptions({ queryKey: [PINCODES_URL, pin], queryFn: () => getPincode(pin), enabled: isPincode(pin), retry: false });
}

/** Looks the code up once six digits are typed; idle before that. */
export function usePincode(pincode: string) {
  return useQuery(getPincodeQueryOptions(pincode));
}
