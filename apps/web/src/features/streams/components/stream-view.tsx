import { Suspense, useCallback, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Product } from '@live-market/contract/products';
import type { StreamDetail } from '@live-market/contract/streams';
import { useDocumentTitle } from '@/lib/use-document-title';
import type { ConnectionStatus } from '@/lib/ws-client';
import { useQuickBuy } from '../hooks/use-quick-buy';
import { useStreamLive } from '../hooks/use-stream-live';
import { useRoomStatus } from '../hooks/use-stream-room';
import { ChatPanel, type ChatModeration } from './chat-panel';
import { EndedVideo } from './ended-video';
import { FeaturedProductCard } from './featured-product-card';
import { StreamAbout, StreamHeading } from './stream-info';
import { StreamProducts } from './stream-products';
import { StreamSidePanel, type EngagementPanels } from './stream-side-panel';
import { VideoMessage, VideoSpinner } from './video-frame';
import { VideoTopBar } from './video-top-bar';
import { ViewerVideo } from './viewer-video';
import { lazyComponent } from '@/lib/lazy-component';

// Only the owner publishes: the camera and WHIP code load on the owner's page, not with every viewer's.
const OwnerVideo = lazyComponent(() => import('./owner-video').then((m) => m.OwnerVideo));
// End Stream too is the owner's alone (decision 015: owner-only parts of this page load lazily).
const EndStreamButton = lazyComponent(() => import('./end-stream-button').then((m) => m.EndStreamButton));

/** While the owner's video code loads: the black frame with the top bar and 'Starting camera…', as OwnerVideo first shows. */
function OwnerVideoLoading({ topBar }: { topBar: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="relative aspect-video max-h-[34dvh] w-full overflow-hidden bg-black md:max-h-[70dvh] md:rounded-[var(--radius-card)]">
      <VideoMessage icon={<VideoSpinner />} text={t('stream.camera_starting')} />
      {topBar}
    </div>
  );
}

/** Renders what shows the live connection's status: a status change re-renders it, not the whole page (disabled, nothing). */
function WithRoomStatus({ enabled, children }: { enabled: boolean; children: (status: ConnectionStatus) => ReactNode }) {
  return children(useRoomStatus(enabled));
}

export type StreamContext = { streamId: string; isOwner: boolean; userId: string };

/** What the chat's moderation needs to know (issue 12): whose store it is and the user's role in its chat. */
export type ChatContext = {
  streamId: string;
  sellerId: string;
  /** The store owner's user id: nobody moderates the owner. */
  ownerId: string;
  userId: string;
  role: StreamDetail['chatRole'];
  settings: StreamDetail['chatSettings'];
};

export type StreamViewProps = {
  stream: StreamDetail;
  userId: string;
  renderFollow: (seller: StreamDetail['seller']) => ReactNode;
  /** Issue 28: the store's rating, on-time shipping and cancellations, under the video. */
  renderTrust?: (seller: StreamDetail['seller']) => ReactNode;
  renderEngagement: (context: StreamContext) => EngagementPanels;
  /** Quick Buy and Buy Now: the app opens checkout over the page; `source` says whether from the live show or its replay. */
  onBuy: (product: Product, source: 'live' | 'replay') => void;
  /** The wishlist heart on each product card (from the wishlist feature); not shown to the owner. */
  renderWishlist?: (product: Product) => ReactNode;
  /** The chat's moderation (from the moderation feature): a tapped line's menu and the staff's tools. */
  renderChatModeration?: (context: ChatContext) => ChatModeration;
  /** Over the video (issue 14, from the selling feature): the flash deal banner and the auction card. */
  renderSelling?: (context: StreamContext & { isLive: boolean }) => ReactNode;
  /** The owner's own actions on each product card of their live show (issue 14: Flash deal, Auction). */
  renderProductActions?: (product: Product, onStarted?: () => void) => ReactNode;
};

/**
 * The stream page. Phones: one screen above the bottom navigation holds the video, the title with
 * Follow, 'Featured Now' with Quick Buy and the tabbed panel (chat with its input); the description,
 * sharing and the products scroll below it. Nothing is sticky, so nothing covers the tabs or the coin
 * balance. md and up: the panel sits beside the video.
 */
export function StreamView({ stream, userId, renderFollow, renderTrust, renderEngagement, onBuy, renderWishlist, renderChatModeration, renderSelling, renderProductActions }: StreamViewProps) {
  // SPEC section 6: the owner is the seller whose userId is the current user.
  const isOwner = stream.seller.userId === userId;
  const canFeature = isOwner && stream.isLive;
  const live = useStreamLive({ stream, userId, isOwner, renderFollow });
  const buyLive = useCallback((product: Product) => onBuy(product, 'live'), [onBuy]);
  const openQuickBuy = useQuickBuy(stream.id, buyLive);
  useDocumentTitle(stream.title);

  const featured = stream.featuredProduct;
  const panels = renderEngagement({ streamId: stream.id, isOwner, userId });
  const moderation = renderChatModeration?.({
    streamId: stream.id,
    sellerId: stream.sellerId,
    ownerId: stream.seller.userId,
    userId,
    role: stream.chatRole,
    settings: stream.chatSettings,
  });
  const topBar = <VideoTopBar backTo={isOwner ? '/seller/dashboard' : '/'} isLive={stream.isLive} viewerCount={stream.viewerCount} />;
  const video = !stream.isLive ? (
    <EndedVideo topBar={topBar} />
  ) : isOwner ? (
    <Suspense fallback={<OwnerVideoLoading topBar={topBar} />}>
      <OwnerVideo
        streamId={stream.id}
        userId={userId}
        topBar={topBar}
        tools={{ featuredId: featured?.id ?? null, onFeature: live.featureProduct, renderActions: renderProductActions }}
      />
    </Suspense>
  ) : (
    <ViewerVideo streamId={stream.id} topBar={topBar} />
  );

  return (
    <main className="md:grid md:grid-cols-[minmax(0,1fr)_22rem] md:grid-rows-[auto_auto_auto_auto_1fr] md:gap-x-5 md:p-4 lg:grid-cols-[minmax(0,1fr)_24rem]">
      {/* The phone's first screen: its height is the viewport less the bottom navigation (h-16 and its border). */}
      <div className="flex h-[calc(100dvh-4.0625rem-env(safe-area-inset-bottom))] min-h-[28rem] flex-col md:contents">
        {/* peer: on a phone a running deal or auction (data-selling, under the video) takes the featured card's place. */}
        <div className="peer relative shrink-0 bg-black md:col-start-1 md:row-start-1 md:bg-transparent">
          {video}
          {renderSelling?.({ streamId: stream.id, isOwner, userId, isLive: stream.isLive })}
        </div>
        <div className="shrink-0 px-4 pt-3 md:col-start-1 md:row-start-2 md:px-0 md:pt-4">
          <StreamHeading
            stream={stream}
            follow={isOwner ? undefined : renderFollow(stream.seller)}
            ownerAction={
              canFeature ? (
                <Suspense fallback={<span className="h-9 w-28 shrink-0" />}>
                  <EndStreamButton streamId={stream.id} announceEnded={live.announceEnded} />
                </Suspense>
              ) : undefined
            }
          />
        </div>
        {featured ? (
          <div className="shrink-0 px-4 pt-3 max-md:peer-has-[[data-selling]]:hidden md:col-start-1 md:row-start-3 md:px-0 md:pt-4">
            <WithRoomStatus enabled={canFeature}>
              {(status) => (
                <FeaturedProductCard
                  product={featured}
                  onQuickBuy={openQuickBuy}
                  wishlist={isOwner ? undefined : renderWishlist?.(featured)}
                  onClear={canFeature ? () => live.featureProduct(null) : undefined}
                  canClear={status === 'open'}
                />
              )}
            </WithRoomStatus>
          </div>
        ) : null}
        <aside className="mx-4 my-3 min-h-0 flex-1 rounded-[var(--radius-card)] border bg-card p-2 shadow-sm md:sticky md:top-4 md:col-start-2 md:row-span-5 md:row-start-1 md:m-0 md:h-[calc(100dvh-7rem)] md:self-start md:p-3">
          <StreamSidePanel
            chat={(openTab) => (
              <WithRoomStatus enabled={stream.isLive}>
                {(status) => (
                  <ChatPanel
                    streamId={stream.id}
                    isLive={stream.isLive}
                    status={status}
                    onSend={live.sendChat}
                    storeName={stream.seller.storeName}
                    role={stream.chatRole}
                    settings={stream.chatSettings}
                    moderation={moderation}
                    follow={isOwner ? undefined : renderFollow(stream.seller)}
                    invites={stream.isLive ? panels.chatInvites?.(openTab) : undefined}
                  />
                )}
              </WithRoomStatus>
            )}
            panels={panels}
          />
        </aside>
      </div>
      <div className="px-4 pt-2 md:col-start-1 md:row-start-4 md:px-0 md:pt-4">
        <StreamAbout stream={stream} trust={renderTrust?.(stream.seller)} />
      </div>
      <div className="px-4 pt-5 pb-6 md:col-start-1 md:row-start-5 md:px-0">
        <WithRoomStatus enabled={canFeature}>
          {(status) => (
            <StreamProducts
              streamId={stream.id}
              featuredId={featured?.id ?? null}
              onQuickBuy={openQuickBuy}
              onFeature={canFeature ? live.featureProduct : undefined}
              canFeature={status === 'open'}
              renderWishlist={isOwner ? undefined : renderWishlist}
              renderActions={canFeature ? renderProductActions : undefined}
            />
          )}
        </WithRoomStatus>
      </div>
    </main>
  );
}
