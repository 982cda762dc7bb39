import '../i18n';
import { useQueryClient } from '@tanstack/react-query';
import { Gavel, Loader2 } from 'lucide-react';
import { lazy, Suspense, useEffect, useEffectEvent, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Auction } from '@live-market/contract/selling';
import { Button } from '@/components/ui/button';
import { formatRupees } from '@/lib/format';
import { handleUnauthorized } from '@/lib/session';
import { cn } from '@/lib/utils';
import { useCancelAuction } from '../api/cancel-auction';
import { sellingKeys } from '../api/keys';
import { usePlaceBid } from '../api/place-bid';
import { formatClock, useServerSecondsLeft } from '../hooks/use-server-seconds-left';
import { paiseOf } from '../utils/merge';
import { notifyFailure, refusalText } from '../utils/notify';
import { BANNER } from './banner';
import { DismissButton } from './won-banner';

// The max-bid sheet (vaul) loads on the first 'Max bid' tap.
const MaxBidSheet = lazy(() => import('./max-bid-sheet').then((m) => ({ default: m.MaxBidSheet })));

/** How long a viewer sees the result ('Sold to … for …', 'No bids'); the seller keeps it until they close it. */
export const AUCTION_RESULT_SHOWN_MS = 8000;
/** An auction past its end that the room has not yet said is over: ask the server after this long. */
const ASK_AFTER_END_MS = 3000;
/** A refusal (outbid, too low, late) stays under the buttons this long. */
const REFUSAL_SHOWN_MS = 5000;

type AuctionCardProps = {
  auction: Auction;
  isOwner: boolean;
  streamId: string;
  userId: string;
  /** The result has been shown (or the seller closed it): the layer takes the card away. */
  onDone: () => void;
};

/**
 * Issue 14: the live auction: the current bid, the leader, the countdown, 'Bid ₹N' (the next valid
 * amount, one tap) and 'Max bid'. The owner sees the same with 'Cancel auction' while nobody has bid.
 * At the end, 'Sold to {name} for ₹N' or 'No bids': a viewer sees it for a moment, the seller until
 * they close it (issue 25: who won stays on the live screen). The winner's own banner is WonBanner.
 */
export function AuctionCard({ auction, isOwner, streamId, userId, onDone }: AuctionCardProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const seconds = useServerSecondsLeft(auction.endsAt);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [maxSheet, setMaxSheet] = useState({ open: false, key: 0 });
  const leading = !isOwner && auction.leaderId === userId;
  // 'Outbid' only for someone who has led in this auction.
  const [hasLed, setHasLed] = useState(false);
  if (leading && !hasLed) setHasLed(true);

  const bid = usePlaceBid({
    streamId,
    userId,
    onSuccess: () => setRefusal(null),
    onError: (error) => {
      if (!handleUnauthorized(error)) setRefusal(refusalText(error));
    },
  });
  const cancel = useCancelAuction({ streamId, onError: (error) => notifyFailure(error, t('selling.cancel_auction_failed')) });

  const ended = auction.status === 'ended';
  const timeUp = !ended && seconds === 0;

  const done = useEffectEvent(onDone);
  useEffect(() => {
    if (!ended || isOwner) return;
    const timer = setTimeout(() => done(), AUCTION_RESULT_SHOWN_MS);
    return () => clearTimeout(timer);
  }, [ended, isOwner]);
  useEffect(() => {
    if (!timeUp) return;
    const timer = setTimeout(() => void queryClient.invalidateQueries({ queryKey: sellingKeys.activeAuction(streamId) }), ASK_AFTER_END_MS);
    return () => clearTimeout(timer);
  }, [timeUp, queryClient, streamId]);
  useEffect(() => {
    if (!refusal) return;
    const timer = setTimeout(() => setRefusal(null), REFUSAL_SHOWN_MS);
    return () => clearTimeout(timer);
  }, [refusal]);

  if (ended) {
    const amount = auction.highestBid ? formatRupees(auction.highestBid) : '';
    return (
      <section aria-label={t('selling.live_auction')} data-testid="auction-card" className={cn(BANNER, 'flex-row items-center gap-2')}>
        <Gavel className="size-4 shrink-0 text-violet-700" aria-hidden="true" />
        <div role="status" className="min-w-0 flex-1 py-1 leading-tight">
          <p className="text-sm font-bold">
            {auction.highestBid !== null && auction.leaderName ? t('selling.sold_to', { name: auction.leaderName, amount }) : t('selling.no_bids')}
          </p>
          <p className="line-clamp-2 text-xs text-muted-foreground">{auction.productName}</p>
        </div>
        {isOwner ? <DismissButton onClick={onDone} /> : null}
      </section>
    );
  }

  const price = auction.highestBid ?? auction.startingBid;
  // A standing maximum above the price (a plain bid's own amount is its maximum too: nothing to say).
  const maxAmount = leading && (paiseOf(auction.viewer?.maxAmount ?? null) ?? 0) > (paiseOf(auction.highestBid) ?? 0) ? auction.viewer?.maxAmount : null;

  let status: ReactNode;
  let tone = 'text-muted-foreground';
  if (auction.highestBid === null) {
    status = t('selling.no_bids_yet');
  } else if (leading) {
    status = maxAmount ? `${t('selling.you_lead')} · ${t('selling.your_max', { amount: formatRupees(maxAmount) })}` : t('selling.you_lead');
    tone = 'font-bold text-emerald-700';
  } else if (hasLed) {
    status = t('selling.outbid_by', { name: auction.leaderName ?? '' });
    tone = 'font-bold text-amber-700';
  } else {
    status = t('selling.leads', { name: auction.leaderName ?? '' });
    tone = 'font-semibold text-foreground';
  }

  let action: ReactNode = null;
  if (timeUp) {
    action = null;
  } else if (isOwner) {
    // Once someone has bid, the auction runs to its end.
    action =
      auction.highestBid === null ? (
        <Button size="sm" variant="outline" className="max-w-[38%] shrink-0 px-2.5" onClick={() => cancel.mutate(auction.id)} disabled={cancel.isPending}>
          {t('selling.cancel_auction')}
        </Button>
      ) : null;
  } else {
    action = (
      <>
        {/* Long in some languages: it wraps within its own width, so the numbers beside it keep their room. */}
        <Button size="sm" variant="outline" className="max-w-[5rem] min-w-0 shrink px-2 text-xs" onClick={() => setMaxSheet((s) => ({ open: true, key: s.key + 1 }))}>
          {t('selling.max_bid')}
        </Button>
        <Button
          size="sm"
          className="shrink-0 px-2.5 whitespace-nowrap tabular-nums"
          disabled={leading || bid.isPending}
          aria-busy={bid.isPending}
          onClick={() => bid.mutate({ auctionId: auction.id, body: { amount: auction.nextBid, idempotencyKey: crypto.randomUUID() } })}
        >
          {bid.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
          {t('selling.bid_amount', { amount: formatRupees(auction.nextBid) })}
        </Button>
      </>
    );
  }

  // Issue 25: compact, like the deal banner: a header (clock, product), the price beside the buttons,
  // and who leads on a line of its own under them, so a long language never squeezes it. The clock, the
  // price and who leads are whole in every language (wrapping rather than stopping at an ellipsis);
  // only the product's name may stop.
  return (
    <section aria-label={t('selling.live_auction')} data-testid="auction-card" className={BANNER}>
      <p className="flex items-center gap-1.5 text-xs leading-tight">
        <span
          role="timer"
          aria-label={t('selling.ends_in', { time: formatClock(seconds) })}
          className={cn('inline-flex shrink-0 items-center gap-0.5 rounded-md px-1 py-px font-bold text-white tabular-nums', seconds <= 10 ? 'bg-rose-600' : 'bg-violet-700')}
        >
          <Gavel className="size-3" aria-hidden="true" />
          {formatClock(seconds)}
        </span>
        <span className="line-clamp-2 min-w-0 flex-1 font-semibold text-muted-foreground">{auction.productName}</span>
      </p>
      {/* The price never shrinks; Max bid's label wraps first, and only then do the buttons take a row of their own. */}
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <p className="shrink-0 text-base leading-tight font-extrabold whitespace-nowrap tabular-nums">
          <span className="sr-only">{auction.highestBid === null ? t('selling.starting_bid') : t('selling.current_bid')} </span>
          {formatRupees(price)}
        </p>
        {action ? <div className="ml-auto flex min-w-0 items-center gap-1.5">{action}</div> : null}
      </div>
      <p className="flex flex-wrap items-baseline gap-x-1.5 text-xs leading-tight">
        <span className={tone}>{status}</span>
        {auction.suddenDeath ? <span className="rounded bg-violet-100 px-1 text-[10px] font-bold whitespace-nowrap text-violet-800">{t('selling.sudden_death')}</span> : null}
      </p>
      {refusal ? (
        <p role="alert" className="text-xs font-semibold text-destructive">
          {refusal}
        </p>
      ) : null}
      {maxSheet.key > 0 ? (
        <Suspense fallback={null}>
          <MaxBidSheet key={maxSheet.key} auction={auction} streamId={streamId} userId={userId} open={maxSheet.open} onOpenChange={(open) => setMaxSheet((s) => ({ ...s, open }))} />
        </Suspense>
      ) : null}
    </section>
  );
}
