import { useMutation } from '@tanstack/react-query';
import type { CoinPackId, PaymentAction } from '@live-market/contract/orders';
import { apiRequest } from '@/lib/api-client';

export type CoinPaymentMethod = 'upi' | 'card' | 'wallet';
export type BuyCoinsInput = { packId: CoinPackId; paymentMethod: CoinPaymentMethod; idempotencyKey: string };

/** POST /api/coins/purchases: the coins are credited when the payment is captured. */
export async function buyCoins(body: BuyCoinsInput): Promise<{ payment: PaymentAction }> {
  const res = await apiRequest('POST', '/api/coins/purchases', body);
  return (await res.json()) as { payment: PaymentAction };
}

export function useBuyCoins() {
  return useMutation({ mutationFn: buyCoins });
}
