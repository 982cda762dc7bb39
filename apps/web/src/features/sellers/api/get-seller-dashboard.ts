import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SellerDashboard } from '@live-market/contract/sellers';
import { apiRequest } from '@/lib/api-client';

export const SELLER_DASHBOARD_URL = '/api/seller/dashboard';

/** GET /api/seller/dashboard: followers, total sales, active products and the live stream's sales; 403 without a store. */
export async function getSellerDashboard(): Promise<SellerDashboard> {
  const res = await apiRequest('GET', SELLER_DASHBOARD_URL);
  return (await res.json()) as SellerDashboard;
}

export function getSellerDashboardQueryOptions() {
  return queryOptions({ queryKey: [SELLER_DASHBOARD_URL], queryFn: getSellerDashboard });
}

export function useSellerDashboard({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getSellerDashboardQueryOptions(), enabled });
}
