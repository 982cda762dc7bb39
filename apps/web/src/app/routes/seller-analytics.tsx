import { useTranslation } from 'react-i18next';
import type { CurrentUser } from '@live-market/contract/auth';
import { useSellerOrders } from '@/features/sellers/api/get-seller-orders';
import { SellerAnalytics } from '@/features/sellers/components/seller-analytics';
import { SellerProfileRequired } from '@/features/sellers/components/seller-profile-required';
import { useSellerStreams } from '@/features/streams/api/get-seller-streams';
import { useRedirectOnUnauthorized } from '@/lib/session';
import { PageHeader } from '../components/page-header';

/** The figures come from the seller's streams (streams feature) and orders (sellers feature), both by user id. */
function AnalyticsData({ userId }: { userId: string }) {
  const streams = useSellerStreams(userId);
  const orders = useSellerOrders(userId);
  useRedirectOnUnauthorized(streams.error ?? orders.error);
  return (
    <SellerAnalytics
      streams={streams.data}
      orders={orders.data}
      failed={streams.isError || orders.isError}
      onRetry={() => {
        if (streams.isError) void streams.refetch();
        if (orders.isError) void orders.refetch();
      }}
    />
  );
}

/** /seller/analytics (SPEC section 2). */
export function SellerAnalyticsRoute({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('pages.seller_analytics')} backTo="/seller/dashboard" />
      <main className="px-4 py-5">{user.seller ? <AnalyticsData userId={user.id} /> : <SellerProfileRequired />}</main>
    </>
  );
}
