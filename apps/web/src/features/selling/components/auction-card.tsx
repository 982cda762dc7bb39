import '../i18n';
import { useQueryClient } from '@tanstack/react-query';
import { Gavel, Loader2 } from 'lucide-react';
import { lazy, Suspense, useEffect, useEffectEvent, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { Auction } from '@live-market/contract/selling';
import { Button, buttonVariants } from '@/components/ui/button';
import { formatRupees } from '@/lib/format';
import { handleUnauthorized } from '@/lib/session';
import { cn } from '@/lib/utils';
import { useCancelAuction } from '../api/cancel-auction';
import { sellingKeys } from '../api/keys';
import { usePlaceBid } from '../api/place-bid';
import { formatClock, useServerSecondsLeft } from '../hooks/use-server-seconds-left';
import { paiseOf } from '../utils/merge';
import { notifyFailure, refusalText } from '../utils/notify';

// The max-bid sheet (vaul) loads on the first 'Max bid' tap.
const MaxBidSheet = lazy(() => import('./max-bid-sheet').then((m) => ({ default: m.MaxBidSheet })));

/** How long the result ('Sold to … for …', 'No bids') stays; the winner's, with its way to pay, longer. */
export const AUCTION_RESULT_SHOWN_MS = 8000;
export const AUCTION_WON_SHOWN_MS = 20_000;
/** An auction past its end that the room has not yet said is over: ask the server after this long. */
const ASK_AFTER_END_MS = 3000;
/** A refusal (outbid, too low, late) stays under the buttons this long. */
const REFUSAL_SHOWN_MS = 5000;

type AuctionCardProps = {
  auction: Auction;
  isOwner: boolean;
  streamId: string;
  userId: string;
  /** The result has been shown: the layer takes the card away. */
  onDone: () => void;
};

/**
 * Issue 14: the live auction over the video: the current bid, the leader, the countdown, 'Bid ₹N' (the
 * next valid amount, one tap) and 'Max bid'. The owner sees the same with 'Cancel auction' while nobody
 * has bid. At the end, 'Sold to {name} for ₹N' or 'No bids' for a moment.
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
  const won = ended && auction.highestBid !== null && auction.leaderId === userId && !isOwner;
  const timeUp = !ended && seconds === 0;

  const done = useEffectEvent(onDone);
  useEffect(() => {
    if (!ended) return;
    const timer = setTimeout(() => done(), won ? AUCTION_WON_SHOWN_MS : AUCTION_RESULT_SHOWN_MS);
    return () => clearTimeout(timer);
  }, [ended, won]);
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

  const price = auction.highestBid ?? auction.startingBid;
  // A standing maximum above the price (a plain bid's own amount is its maximum too: nothing to say).
  const maxAmount = leading && (paiseOf(auction.viewer?.maxAmount ?? null) ?? 0) > (paiseOf(auction.highestBid) ?? 0) ? auction.viewer?.maxAmount : null;

  let status: ReactNode;
  let tone = 'text-muted-foreground';
  if (ended) {
    status = null;
  } else if (auction.highestBid === null) {
    status = t('selling.no_bids_yet');
  } else if (leading) {
    status = maxAmount ? `${t('selling.you_lead')} · ${t('selling.your_max', { amount: formatRupees(maxAmount) })}` : t('selling.you_lead');
    tone = 'font-bold text-emerald-700';
  } else if (hasLed) {
    status = t('selling.outbid_by', { name: auction.leaderName ?? '' });
    tone = 'font-bold text-amber-700';
  } else {
    status = t('selling.leads', { name: auction.leaderName ?? '' });
  }

  let action: ReactNode = null;
  if (ended || timeUp) {
    action = null;
  } else if (isOwner) {
    // Once someone has bid, the auction runs to its end.
    action =
      auction.highestBid === null ? (
        <Button variant="outline" className="max-w-[40%] shrink-0 px-3" onClick={() => cancel.mutate(auction.id)} disabled={cancel.isPending}>
          {t('selling.cancel_auction')}
        </Button>
      ) : null;
  } else {
    action = (
      <>
        {/* Long in some languages: it wraps within its own width, so the price beside it keeps its room. */}
        <Button variant="outline" className="max-w-[5.5rem] shrink px-2 text-xs" onClick={() => setMaxSheet((s) => ({ open: true, key: s.key + 1 }))}>
          {t('selling.max_bid')}
        </Button>
        <Button
          className="shrink-0 px-3 whitespace-nowrap tabular-nums"
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

  return (
    <section aria-label={t('selling.live_auction')} data-testid="auction-card" className="pointer-events-auto rounded-2xl bg-white/95 p-2 pl-3 text-foreground shadow-lg ring-1 ring-black/5 backdrop-blur-sm">
      <p className="flex items-center gap-1.5 text-xs font-bold text-violet-700">
        <Gavel className="size-3.5 shrink-0" aria-hidden="true" />
        <span className="min-w-0 truncate">
          {t('selling.live_auction')} · {auction.productName}
        </span>
        {auction.suddenDeath && !ended ? <span className="shrink-0 rounded-md bg-violet-100 px-1.5 py-px">{t('selling.sudden_death')}</span> : null}
        {ended ? null : (
          <span
            role="timer"
            aria-label={t('selling.ends_in', { time: formatClock(seconds) })}
            className={cn('ml-auto shrink-0 rounded-md px-1.5 py-px text-white tabular-nums', seconds <= 10 ? 'bg-rose-600' : 'bg-violet-700')}
          >
            {formatClock(seconds)}
          </span>
        )}
      </p>
      {ended ? (
        <AuctionResult auction={auction} won={won} />
      ) : (
        <div className="mt-1 flex items-center gap-2">
          <div className="min-w-0 flex-1">
            <p className="text-lg leading-tight font-extrabold whitespace-nowrap tabular-nums">
              <span className="sr-only">{auction.highestBid === null ? t('selling.starting_bid') : t('selling.current_bid')} </span>
              {formatRupees(price)}
            </p>
            <p className={cn('line-clamp-2 text-xs leading-tight', tone)}>{status}</p>
          </div>
          {action}
        </div>
      )}
      {refusal && !ended ? (
        <p role="alert" className="mt-1 text-xs font-semibold text-destructive">
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

function AuctionResult({ auction, won }: { auction: Auction; won: boolean }) {
  const { t } = useTranslation();
  const amount = auction.highestBid ? formatRupees(auction.highestBid) : '';
  if (won) {
    return (
      <div role="status" className="mt-1 flex items-center gap-2">
        <p className="min-w-0 flex-1 text-sm font-bold text-emerald-700">{t('selling.you_won', { amount })}</p>
        <Link href="/orders" className={buttonVariants({ className: 'shrink-0 px-3' })}>
          {t('selling.pay_in_orders')}
        </Link>
      </div>
    );
  }
  return (
    <p role="status" className="mt-1 min-h-11 content-center text-sm font-bold">
      {auction.highestBid !== null && auction.leaderName ? t('selling.sold_to', { name: auction.leaderName, amount }) : t('selling.no_bids')}
    </p>
  );
}
