import 'virtual:english-load/engagement';
import 'virtual:english-load/coins';
import { formatCount } from '@/lib/format';
import { skipToken, useQuery } from '@tanstack/react-query';
import { Coins, Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { GIFTS } from '@live-market/contract/constants';
import type { RecentGift } from '@live-market/contract/engagement';
import { Skeleton } from '@/components/ui/skeleton';
import { parseApiError } from '@/lib/api-client';
import { timeAgo } from '@/lib/time-ago';
import { handleUnauthorized } from '@/lib/session';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { useGiftEarnings } from '../api/get-gift-earnings';
import { useRecentGifts } from '../api/get-recent-gifts';
import { useWallet } from '../api/get-wallet';
import { engagementKeys } from '../api/keys';
import { useSendGift } from '../api/send-gift';
import { showGiftOverlay } from '../hooks/gift-overlay-store';
import { findGift, giftSendBlock, isLowBalance, mergeRecentGifts, type CatalogGift } from '../utils/gift-rules';
import { GiftIcon } from './gift-icon';
import type { EngagementPanelProps } from './poll-panel';

const RARITY_CLASS: Record<CatalogGift['rarity'], string> = {
  common: 'bg-muted text-muted-foreground',
  rare: 'bg-sky-100 text-sky-700',
  epic: 'bg-violet-100 text-violet-700',
  legendary: 'bg-amber-100 text-amber-700',
};

type GiftsPanelProps = EngagementPanelProps & {
  /** Opens the coin pack sheet (composed by the app): from 'Need more coins?' and the 'Buy coins' button. */
  onBuyCoins?: () => void;
};

/** SPEC 2: the Gifts tab — the fixed catalogue, the coin balance, sending, and recent gifts. */
export function GiftsPanel({ streamId, isSeller, userId, onBuyCoins }: GiftsPanelProps) {
  const { t } = useTranslation();
  const signedIn = !!userId;
  const wallet = useWallet({ enabled: signedIn && !isSeller });
  const earnings = useGiftEarnings(streamId, { enabled: isSeller });
  const balance = wallet.data?.balance;

  const sendGift = useSendGift({
    streamId,
    onSuccess: (gift) => {
      showGiftOverlay(streamId, gift);
      toast({ title: t('engagement.gift_sent_title'), description: t('engagement.gift_sent_body', { gift: findGift(gift.giftId)?.name ?? gift.giftId }) });
    },
    onError: (error) => {
      if (handleUnauthorized(error)) return;
      const { status, userMessage } = parseApiError(error);
      // 409 is "not enough coins" (its message comes in the reader's language, so the status decides).
      if (status === 409) {
        toast({ title: t('engagement.insufficient_title'), description: t('engagement.insufficient_body'), variant: 'destructive' });
        return;
      }
      toast({ title: t('engagement.gift_failed_title'), description: userMessage ?? t('engagement.gift_failed_body'), variant: 'destructive' });
    },
  });

  const send = (gift: CatalogGift) => {
    const block = giftSendBlock({ userId, isOwner: isSeller, balance, price: gift.price });
    if (block === 'login_required') toast({ title: t('engagement.login_required_title'), description: t('engagement.login_required_body'), variant: 'destructive' });
    else if (block === 'insufficient_balance') toast({ title: t('engagement.insufficient_title'), description: t('engagement.insufficient_body'), variant: 'destructive' });
    else if (block === null) sendGift.mutate(gift.id);
  };

  return (
    <div className="flex h-full min-h-0 flex-col gap-3 overflow-y-auto">
      {isSeller ? (
        <p className="sticky top-0 z-10 flex shrink-0 items-center gap-2 rounded-xl bg-amber-50 px-3 py-2 text-sm font-semibold text-amber-800">
          <Coins className="size-4" aria-hidden="true" />
          {earnings.data ? t('engagement.gift_earnings', { count: earnings.data.coins, amount: formatCount(earnings.data.coins) }) : t('engagement.gift_earnings_loading')}
        </p>
      ) : signedIn ? (
        // Sticky: the balance stays in sight while the catalogue scrolls under it, so a sent gift's cost shows.
        <div className="sticky top-0 z-10 shrink-0 space-y-1 rounded-xl bg-amber-50 px-3 py-2 text-sm">
          <div className="flex items-center justify-between gap-2">
            <span className="flex items-center gap-2 font-semibold text-amber-800">
              <Coins className="size-4" aria-hidden="true" />
              {balance === undefined ? <Skeleton className="h-4 w-16" /> : t('engagement.coin_balance', { count: balance, amount: formatCount(balance) })}
            </span>
            {onBuyCoins ? (
              <button type="button" onClick={onBuyCoins} className="inline-flex h-8 items-center gap-1 rounded-full bg-amber-100 px-3 text-xs font-semibold text-amber-800 hover:bg-amber-200">
                <Plus className="size-3.5" aria-hidden="true" />
                {t('coins.buy')}
              </button>
            ) : null}
          </div>
          {/* SPEC 2: the 'Need more coins?' prompt below 10 coins; it leads to the coin packs. */}
          {isLowBalance(balance) ? (
            onBuyCoins ? (
              <button type="button" onClick={onBuyCoins} className="text-xs font-semibold text-amber-800 underline underline-offset-2">
                {t('engagement.need_more_coins')}
              </button>
            ) : (
              <p className="text-xs font-medium text-amber-700">{t('engagement.need_more_coins')}</p>
            )
          ) : null}
        </div>
      ) : null}
      <ul className="grid grid-cols-3 gap-2" aria-label={t('engagement.gift_catalogue')}>
        {GIFTS.map((gift) => {
          const content = (
            <>
              <GiftIcon giftId={gift.id} className="size-8" />
              <span className="text-xs font-semibold">{gift.name}</span>
              <span className="flex items-center gap-0.5 text-xs text-muted-foreground tabular-nums">
                <Coins className="size-3" aria-hidden="true" />
                {gift.price}
              </span>
              <span className={cn('rounded-full px-1.5 text-[10px] font-semibold', RARITY_CLASS[gift.rarity])}>{t(`engagement.rarity_${gift.rarity}`)}</span>
            </>
          );
          const box = 'flex w-full flex-col items-center gap-1 rounded-xl border bg-card p-2';
          return (
            <li key={gift.id}>
              {isSeller ? (
                <div className={box}>{content}</div>
              ) : (
                <button
                  type="button"
                  className={cn(box, 'transition hover:border-primary active:scale-95 disabled:opacity-50')}
                  disabled={sendGift.isPending}
                  aria-label={t('engagement.send_gift', { gift: gift.name, count: gift.price, amount: formatCount(gift.price) })}
                  onClick={() => send(gift)}
                >
                  {content}
                </button>
              )}
            </li>
          );
        })}
      </ul>
      <RecentGifts streamId={streamId} />
    </div>
  );
}

function RecentGifts({ streamId }: { streamId: string }) {
  const { t, i18n } = useTranslation();
  const { data: fetched = [] } = useRecentGifts(streamId);
  const { data: live = [] } = useQuery<RecentGift[]>({ queryKey: engagementKeys.liveGifts(streamId), queryFn: skipToken });
  const gifts = mergeRecentGifts(live, fetched);
  return (
    <section aria-labelledby="recent-gifts" className="space-y-2">
      <h3 id="recent-gifts" className="text-sm font-semibold">
        {t('engagement.recent_gifts')}
      </h3>
      {gifts.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('engagement.no_gifts')}</p>
      ) : (
        <ul className="space-y-1.5 text-sm">
          {gifts.map((gift) => {
            const item = findGift(gift.giftId);
            return (
              <li key={gift.id} className="flex items-center gap-2 rounded-lg bg-muted/50 px-3 py-1.5">
                <GiftIcon giftId={gift.giftId} className="size-4 shrink-0" />
                <span className="min-w-0 flex-1 truncate">
                  {t('engagement.recent_gift_line', { name: gift.senderName, gift: item?.name ?? gift.giftId })}
                </span>
                <span className="shrink-0 text-xs text-muted-foreground tabular-nums">{t('engagement.coins_count', { count: gift.amount, amount: formatCount(gift.amount) })}</span>
                <span className="shrink-0 text-xs text-muted-foreground">{timeAgo(gift.createdAt, i18n.language) ?? t('engagement.just_now')}</span>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
