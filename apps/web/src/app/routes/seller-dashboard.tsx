import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { CurrentUser } from '@live-market/contract/auth';
import { Skeleton } from '@/components/ui/skeleton';
import { PayoutAccountReminder } from '@/features/money/components/payout-account-reminder';
import { useSellerDashboard } from '@/features/sellers/api/get-seller-dashboard';
import { DashboardStats } from '@/features/sellers/components/dashboard-stats';
import { SellerOrders } from '@/features/sellers/components/seller-orders';
import { SellerProducts } from '@/features/sellers/components/seller-products';
import { SellerProfileRequired } from '@/features/sellers/components/seller-profile-required';
import { SellerTools } from '@/features/sellers/components/seller-tools';
import { StoreSummary } from '@/features/sellers/components/store-summary';
import { GoLiveCard } from '@/features/streams/components/go-live-card';
import { SellerShowsCard } from '@/features/streams/components/seller-shows-card';
import { useSellerProducts } from '@/features/sellers/api/get-seller-products';
import { ProductPhotoField } from '@/features/sellers/components/product-photo-field';
import { STREAMS_URL } from '@/features/streams/api/get-stream';
import { parseApiError } from '@/lib/api-client';
import { useRedirectOnUnauthorized } from '@/lib/session';
import { PageHeader } from '../components/page-header';

// The Moderation card (issue 12) loads beside the dashboard, not with it: it sits below the fold.
const ModerationCard = lazy(() => import('@/features/moderation/components/moderation-card').then((m) => ({ default: m.ModerationCard })));
// Issue 28: the store's reviews, answered from here; below the orders, so loaded beside the dashboard.
const SellerReviewsCard = lazy(() => import('@/features/reviews/components/seller-reviews-card').then((m) => ({ default: m.SellerReviewsCard })));
// Going live from OBS or Larix (issue 15): for the few sellers with a pro camera, loaded the same way.
const ProCameraCard = lazy(() => import('@/features/pro-camera/components/pro-camera-card').then((m) => ({ default: m.ProCameraCard })));

/**
 * /seller/dashboard (SPEC section 2): the store with its verification badge, the figures from
 * GET /api/seller/dashboard, the Go Live card, the product list with Add/Edit Product, the orders,
 * the Moderation card (issue 12), and links to analytics, verification and money (issue 26). Users without a store see
 * 'Seller Profile Required'.
 */
export function SellerDashboardRoute({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const seller = user.seller;
  const dashboard = useSellerDashboard({ enabled: seller !== null });
  // SPEC section 2: signed out, 'You are logged out. Logging in again...' and sign-in after 0.5 s.
  useRedirectOnUnauthorized(dashboard.error);
  // 403: the server knows of no store for this user (the cached user is out of date).
  const noStore = !seller || parseApiError(dashboard.error).status === 403;
  const products = useSellerProducts(seller?.id ?? '', { enabled: seller !== null });

  return (
    <>
      <PageHeader title={t('pages.seller_dashboard')} backTo="/" />
      <main className="space-y-5 px-4 py-5">
        {noStore ? (
          <SellerProfileRequired />
        ) : (
          <>
            <StoreSummary seller={seller} />
            {/* Issue 26: a seller with no payout account is reminded; the money page holds the form. */}
            <PayoutAccountReminder href="/seller/money" />
            <DashboardStats dashboard={dashboard.data} failed={dashboard.isError} onRetry={() => void dashboard.refetch()} />
            <GoLiveCard
              sellerId={seller.id}
              userId={user.id}
              products={products.data}
              // A scheduled show's thumbnail goes through the product-photo upload (issue 13).
              renderThumbnailField={(field) => (
                <ProductPhotoField savedUrl={null} value={field.value} onChange={(url) => field.onChange(url ?? undefined)} onUploadingChange={field.onUploadingChange} label={field.label} />
              )}
            />
            <SellerShowsCard sellerId={seller.id} />
            <Suspense fallback={<Skeleton className="h-40 rounded-[var(--radius-card)]" />}>
              <ProCameraCard />
            </Suspense>
            <SellerProducts
              sellerId={seller.id}
              storeCategory={seller.category}
              // A saved product also changes what stream pages list under the video.
              onSaved={() => void queryClient.invalidateQueries({ predicate: ({ queryKey }) => queryKey[0] === STREAMS_URL && queryKey[2] === 'products' })}
            />
            <SellerOrders userId={user.id} />
            <Suspense fallback={<Skeleton className="h-40 rounded-[var(--radius-card)]" />}>
              <SellerReviewsCard sellerId={seller.id} storeName={seller.storeName} />
            </Suspense>
            <Suspense fallback={<Skeleton className="h-72 rounded-[var(--radius-card)]" />}>
              <ModerationCard sellerId={seller.id} />
            </Suspense>
            <SellerTools />
          </>
        )}
      </main>
    </>
  );
}
