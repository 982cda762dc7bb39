import { usePrefetchQuery, type QueryClient } from '@tanstack/react-query';
import { Suspense } from 'react';
import { Route, Switch } from 'wouter';
import type { CurrentUser } from '@live-market/contract/auth';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { getLiveStreamsQueryOptions } from '@/features/streams/api/get-live-streams';
import { AppLayout } from './components/app-layout';
import { PageSpinner } from './components/page-spinner';
import { lazyComponent } from '@/lib/lazy-component';

// Route-level code splitting: the first route loads only its own chunk (budget: 150 KB gzip).
const LandingRoute = lazyComponent(() => import('./routes/landing').then((m) => m.LandingRoute));
const NotFoundRoute = lazyComponent(() => import('./routes/not-found').then((m) => m.NotFoundRoute));
const HomeRoute = lazyComponent(() => import('./routes/home').then((m) => m.HomeRoute));
const ProfileRoute = lazyComponent(() => import('./routes/profile').then((m) => m.ProfileRoute));
const ProfileSettingsRoute = lazyComponent(() => import('./routes/profile-settings').then((m) => m.ProfileSettingsRoute));
const OrdersRoute = lazyComponent(() => import('./routes/orders').then((m) => m.OrdersRoute));
const StreamsRoute = lazyComponent(() => import('./routes/streams').then((m) => m.StreamsRoute));
const CategoryRoute = lazyComponent(() => import('./routes/category').then((m) => m.CategoryRoute));
const StreamRoute = lazyComponent(() => import('./routes/stream').then((m) => m.StreamRoute));
const SellerDashboardRoute = lazyComponent(() => import('./routes/seller-dashboard').then((m) => m.SellerDashboardRoute));
const SellerAnalyticsRoute = lazyComponent(() => import('./routes/seller-analytics').then((m) => m.SellerAnalyticsRoute));
const SellerVerificationRoute = lazyComponent(() => import('./routes/seller-verification').then((m) => m.SellerVerificationRoute));
const SellerMoneyRoute = lazyComponent(() => import('./routes/seller-money').then((m) => m.SellerMoneyRoute));
const WishlistRoute = lazyComponent(() => import('./routes/wishlist').then((m) => m.WishlistRoute));
const NotificationsRoute = lazyComponent(() => import('./routes/notifications').then((m) => m.NotificationsRoute));
// The unread badge's live updates: the socket code loads after the first route, not with it.
const UnreadSync = lazyComponent(() => import('@/features/notifications/components/unread-sync').then((m) => m.UnreadSync));
// A seller's live show outside its page (issue 25): the "You're live" pill and the sign-out question.
// Sellers only, after the first route; the camera and WHIP code it shares load with the show itself.
const LiveBroadcastDock = lazyComponent(() => import('@/features/streams/components/live-broadcast-dock').then((m) => m.LiveBroadcastDock));
// The SMS link for a cash-on-delivery confirmation: signed in or not.
const ConfirmCodRoute = lazyComponent(() => import('./routes/confirm-cod').then((m) => m.ConfirmCodRoute));
// Issue 28: the grievance desk, and its officer's page (signed in or not).
const SupportRoute = lazyComponent(() => import('./routes/support').then((m) => m.SupportRoute));
const GrievanceRoute = lazyComponent(() => import('./routes/grievance').then((m) => m.GrievanceRoute));
const BecomeSellerRoute = lazyComponent(() => import('./routes/become-seller').then((m) => m.BecomeSellerRoute));
// Issue 28, item 5: the operator console, its own chunk (nothing of it loads on any other page).
const AdminRoute = lazyComponent(() => import('./routes/admin').then((m) => m.AdminRoute));
// Issue 29: search, its own chunk; Home's field only links here.
const SearchRoute = lazyComponent(() => import('./routes/search').then((m) => m.SearchRoute));

/** The code-split page a server-rendered path shows (decision 020), by its module's name under app/routes. */
export type RenderedPage = 'landing' | 'home' | 'stream' | 'not-found';

export function renderedPage(path: string, signedIn: boolean): RenderedPage {
  if (path === '/') return signedIn ? 'home' : 'landing';
  if (signedIn && path.startsWith('/stream/')) return 'stream';
  return 'not-found';
}

const RENDERED_PAGES: Record<RenderedPage, { preload: () => Promise<unknown> }> = { landing: LandingRoute, home: HomeRoute, stream: StreamRoute, 'not-found': NotFoundRoute };

/**
 * Loads the page a server-rendered path shows before the browser hydrates it: hydration that waits
 * for a chunk leaves the page on screen but deaf to taps meanwhile.
 */
export function preloadRenderedPage(path: string, signedIn: boolean, queryClient: QueryClient): Promise<unknown> {
  const page = renderedPage(path, signedIn);
  const loaded = RENDERED_PAGES[page].preload();
  if (page !== 'stream') return loaded;
  // An upcoming show's page and a replay are chunks of their own (issue 13): they load before hydration too.
  return loaded.then(() => import('./routes/stream')).then((m) => m.preloadStreamParts(path.slice('/stream/'.length), queryClient));
}

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
        <Route path="/streams">{() => <StreamsRoute user={user} />}</Route>
        <Route path="/search">{() => <SearchRoute user={user} />}</Route>
        <Route path="/category/:slug">{({ slug }) => <CategoryRoute slug={slug} user={user} />}</Route>
        <Route path="/stream/:id">{({ id }) => <StreamRoute id={id} user={user} />}</Route>
        <Route path="/become-seller">{() => <BecomeSellerRoute user={user} />}</Route>
        <Route path="/wishlist" component={WishlistRoute} />
        <Route path="/orders" component={OrdersRoute} />
        <Route path="/notifications" component={NotificationsRoute} />
        <Route path="/seller/dashboard">{() => <SellerDashboardRoute user={user} />}</Route>
        <Route path="/seller/analytics">{() => <SellerAnalyticsRoute user={user} />}</Route>
        <Route path="/seller/verification">{() => <SellerVerificationRoute user={user} />}</Route>
        <Route path="/seller/money">{() => <SellerMoneyRoute user={user} />}</Route>
        <Route path="/confirm-cod/:token">{({ token }) => <ConfirmCodRoute token={token} />}</Route>
        <Route path="/support" component={SupportRoute} />
        <Route path="/grievance">{() => <GrievanceRoute signedIn />}</Route>
        <Route path="/admin" component={AdminRoute} />
        <Route component={NotFoundRoute} />
      </Switch>
      {user.isSeller ? (
        <Suspense fallback={null}>
          <LiveBroadcastDock />
        </Suspense>
      ) : null}
    </AppLayout>
  );
}

// SPEC section 2: signed out, only / (the landing page) exists; every other path is not found, except the
// cash-on-delivery confirmation link a buyer gets by SMS, which needs no sign-in, and the grievance
// officer's page, which the law wants open to anyone (issue 28).
function SignedOutRoutes() {
  return (
    <Suspense fallback={<PageSpinner />}>
      <Switch>
        <Route path="/" component={LandingRoute} />
        <Route path="/confirm-cod/:token">{({ token }) => <ConfirmCodRoute token={token} />}</Route>
        <Route path="/grievance">{() => <GrievanceRoute signedIn={false} />}</Route>
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
