import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import type { CurrentUser } from '@live-market/contract/auth';
import { getWalletQueryOptions } from '@/features/engagement/api/get-wallet';
import { EngagementChatInvites, EngagementTabBadge } from '@/features/engagement/components/engagement-invites';
import { EngagementLayer } from '@/features/engagement/components/gift-overlay';
import { chatActions } from '@/features/moderation/utils/chat-actions';
import { FollowButton } from '@/features/sellers/components/follow-button';
import { StoreTrust } from '@/features/reviews/components/store-trust';
import { SellingLayer } from '@/features/selling/components/selling-layer';
import { getStreamQueryOptions } from '@/features/streams/api/get-stream';
import { preloadStreamPageView, StreamPage } from '@/features/streams/components/stream-page';
import { WishlistHeart } from '@/features/wishlist/components/wishlist-heart';
import { buyNow, grabDeal } from '../components/commerce-sheets';
import { offerPush } from '../push';

// The Poll, Quiz and Gifts tabs load on first selection (Chat is the default tab), keeping the page
// opened from a shared link within the 150 KB budget (decision 015). The side panel shows a skeleton meanwhile.
const PollPanel = lazy(() => import('@/features/engagement/components/poll-panel').then((m) => ({ default: m.PollPanel })));
const QuizPanel = lazy(() => import('@/features/engagement/components/quiz-panel').then((m) => ({ default: m.QuizPanel })));
const GiftsPanel = lazy(() => import('@/features/engagement/components/gifts-panel').then((m) => ({ default: m.GiftsPanel })));
// Moderation (issue 12): a chat line's sheet loads on the first tap (a viewer's Report sheet is the
// small one); the owner's and moderators' tools only on their pages. The shared link carries neither.
const ReportSheet = lazy(() => import('@/features/moderation/components/report-sheet').then((m) => ({ default: m.ReportSheet })));
const MessageMenu = lazy(() => import('@/features/moderation/components/message-menu').then((m) => ({ default: m.MessageMenu })));
const ChatTools = lazy(() => import('@/features/moderation/components/chat-tools').then((m) => ({ default: m.ChatTools })));
// Flash deals and auctions (issue 14): the owner's Flash deal / Auction buttons load with the owner's page only.
const ProductSellingActions = lazy(() => import('@/features/selling/components/product-selling-actions').then((m) => ({ default: m.ProductSellingActions })));
// Coin packs load on the first 'Buy coins' tap.
const CoinPackSheet = lazy(() => import('@/features/checkout/components/coin-pack-sheet').then((m) => ({ default: m.CoinPackSheet })));

/** The browser, before hydrating a server-rendered stream page: its upcoming or replay view's chunk, from the page's data. */
export function preloadStreamParts(streamId: string, queryClient: QueryClient): Promise<unknown> {
  return preloadStreamPageView(queryClient.getQueryData(getStreamQueryOptions(streamId).queryKey));
}

/**
 * /stream/{id}: the streams feature's page, with the sellers feature's Follow button, the engagement
 * feature's tabs, the moderation feature's chat menu and tools, checkout over the page for Quick Buy /
 * Buy Now, coin packs for the gift wallet, and the selling feature's flash deals and auctions.
 */
export function StreamRoute({ id, user }: { id: string; user: CurrentUser }) {
  const queryClient = useQueryClient();
  // A new key per open: each purchase starts from the pack list.
  const [coins, setCoins] = useState({ open: false, key: 0 });
  const openCoins = () => setCoins((c) => ({ open: true, key: c.key + 1 }));

  return (
    <>
      <StreamPage
        streamId={id}
        userId={user.id}
        onBuy={(product, source) => buyNow(product, id, source)}
        onRemind={() => offerPush(user)}
        renderFollow={(seller) => <FollowButton sellerId={seller.id} onFollow={() => offerPush(user)} />}
        renderTrust={(seller) => <StoreTrust sellerId={seller.id} storeName={seller.storeName} />}
        renderWishlist={(product) => <WishlistHeart product={product} />}
        renderEngagement={({ streamId, isOwner, userId }) => ({
          poll: <PollPanel streamId={streamId} isSeller={isOwner} userId={userId} />,
          quiz: <QuizPanel streamId={streamId} isSeller={isOwner} userId={userId} />,
          gifts: <GiftsPanel streamId={streamId} isSeller={isOwner} userId={userId} onBuyCoins={openCoins} />,
          // Issue 25: viewers on the Chat tab see a running poll or quiz on its tab and in the chat.
          badges: {
            poll: <EngagementTabBadge kind="poll" streamId={streamId} userId={userId} isOwner={isOwner} />,
            quiz: <EngagementTabBadge kind="quiz" streamId={streamId} userId={userId} isOwner={isOwner} />,
          },
          chatInvites: (openTab) => <EngagementChatInvites streamId={streamId} userId={userId} isOwner={isOwner} onOpen={openTab} />,
        })}
        renderSelling={({ streamId, isOwner, userId, isLive }) => <SellingLayer streamId={streamId} userId={userId} isOwner={isOwner} enabled={isLive} onGrabDeal={grabDeal} />}
        renderProductActions={(product, onStarted) => (
          <Suspense fallback={null}>
            <ProductSellingActions streamId={id} product={product} onStarted={onStarted} />
          </Suspense>
        )}
        renderChatModeration={({ streamId, sellerId, ownerId, userId, role, settings }) => {
          const people = { streamId, sellerId, ownerId, userId, role };
          return {
            canSelect: (line) => chatActions({ role, userId, ownerId, authorId: line.userId }).length > 0,
            renderMenu: (menu) => (role === 'viewer' ? <ReportSheet {...menu} /> : <MessageMenu {...menu} {...people} />),
            tools:
              role === 'viewer' ? undefined : (
                <ChatTools
                  {...people}
                  settings={settings}
                  onSettingsSaved={(chatSettings) =>
                    queryClient.setQueryData(getStreamQueryOptions(streamId).queryKey, (stream) => (stream ? { ...stream, chatSettings } : stream))
                  }
                />
              ),
          };
        }}
      />
      {/* Room messages for polls, quizzes and gifts, and the full-screen gift animation, whichever tab is open. */}
      <EngagementLayer streamId={id} />
      {coins.key > 0 ? (
        <Suspense fallback={null}>
          <CoinPackSheet
            key={coins.key}
            open={coins.open}
            onOpenChange={(open) => setCoins((c) => ({ ...c, open }))}
            onPurchased={() => void queryClient.invalidateQueries({ queryKey: getWalletQueryOptions().queryKey })}
          />
        </Suspense>
      ) : null}
    </>
  );
}
