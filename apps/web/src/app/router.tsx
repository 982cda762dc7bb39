import { usePrefetchQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { Route, Switch } from 'wouter';
import type { CurrentUser } from '@live-market/contract/auth';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { getLiveStreamsQueryOptions } from '@/features/streams/api/get-live-streams';
import { AppLayout } from './components/app-layout';
import { PageSpinner } from './components/page-spinner';

// Route-level code splitting: the first route loads only its own chunk (budget: 150 KB gzip).
const LandingRoute = lazy(() => import('./routes/landing').then((m) => ({ default: m.LandingRoute })));
const NotFoundRoute = lazy(() => import('./routes/not-found').then((m) => ({ default: m.NotFoundRoute })));
const HomeRoute = lazy(() => import('./routes/home').then((m) => ({ default: m.HomeRoute })));
const ProfileRoute = lazy(() => import('./routes/profile').then((m) => ({ default: m.ProfileRoute })));
const ProfileSettingsRoute = lazy(() => import('./routes/profile-settings').then((m) => ({ default: m.ProfileSettingsRoute })));
const OrdersRoute = lazy(() => import('./routes/orders').then((m) => ({ default: m.OrdersRoute })));
const StreamsRoute = lazy(() => import('./routes/streams').then((m) => ({ default: m.StreamsRoute })));
const StreamRoute = lazy(() => import('./routes/stream').then((m) => ({ default: m.StreamRoute })));
const SellerDashboardRoute = lazy(() => import('./routes/seller-dashboard').then((m) => ({ default: m.SellerDashboardRoute })));
const SellerAnalyticsRoute = lazy(() => import('./routes/seller-analytics').then((m) => ({ default: m.SellerAnalyticsRoute })));
const SellerVerificationRoute = lazy(() => import('./routes/seller-verification').then((m) => ({ default: m.SellerVerificationRoute })));
const WishlistRoute = lazy(() => import('./routes/wishlist').then((m) => ({ default: m.WishlistRoute })));
const NotificationsRoute = lazy(() => import('./routes/notifications').then((m) => ({ default: m.NotificationsRoute })));
// The unread badge's live updates: the socket code loads after the first route, not with it.
const UnreadSync = lazy(() => import('@/features/notifications/components/unread-sync').then((m) => ({ default: m.UnreadSync })));
const BecomeSellerRoute = lazy(() => import('./routes/become-seller').then((m) => ({ default: m.BecomeSellerRoute })));

/** Starts the live-stream request while the home chunk downloads, instead of after it. */
function Home({ user }: { user: CurrentUser }) {
  usePrefetchQuery(getLiveStreamsQueryOptions());
  return <HomeRoute user={user} />;
}

function SignedInRoutes({ user }: { user: CurrentUser }) {
  return (
    <AppLayout isSeller={user.isSeller}>
      <Suspense fallback={null}>
        <UnreadSync />
      </Suspense>
      <Switch>
        <Route path="/">{() => <Home user={user} />}</Route>
        <Route path="/profile">{() => <ProfileRoute user={user} />}</Route>
        <Route path="/profile/settings">{() => <ProfileSettingsRoute user={user} />}</Route>
        <Route path="/streams" component={StreamsRoute} />
        <Route path="/stream/:id">{({ id }) => <StreamRoute id={id} user={user} />}</Route>
        <Route path="/become-seller">{() => <BecomeSellerRoute user={user} />}</Route>
        <Route path="/wishlist" component={WishlistRoute} />
        <Route path="/orders" component={OrdersRoute} />
        <Route path="/notifications" component={NotificationsRoute} />
        <Route path="/seller/dashboard">{() => <SellerDashboardRoute user={user} />}</Route>
        <Route path="/seller/analytics">{() => <SellerAnalyticsRoute user={user} />}</Route>
        <Route path="/seller/verification">{() => <SellerVerificationRoute user={user} />}</Route>
        <Route component={NotFoundRoute} />
      </Switch>
    </AppLayout>
  );
}

// SPEC section 2: signed out, only / (the landing page) exists; every other path is not found.
function SignedOutRoutes() {
  return (
    <Suspense fallback={<PageSpinner />}>
      <Switch>
        <Route path="/" component={LandingRoute} />
        <Route component={NotFoundRoute} />
      </Switch>
    </Suspense>
  );
}

export function AppRouter() {
  const { user, isLoading } = useAuth();
  // SPEC section 4: the sign-in state shows a spinner while it loads. Deep links wait here rather
  // than flashing the not-found page before the user is known.
  if (isLoading) return <PageSpinner />;
  return user ? <SignedInRoutes user={user} /> : <SignedOutRoutes />;
}
