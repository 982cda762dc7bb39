import '../i18n';
import { Trophy, X } from 'lucide-react';
import { useEffect, useEffectEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { Auction } from '@live-market/contract/selling';
import { buttonVariants } from '@/components/ui/button';
import { formatRupees } from '@/lib/format';
import { formatClock, useServerSecondsLeft } from '../hooks/use-server-seconds-left';
import { BANNER } from './banner';

/** Closes a banner that stays until its reader is done with it. */
export function DismissButton({ onClick }: { onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={t('selling.dismiss')}
      className="-my-1 inline-flex size-9 shrink-0 items-center justify-center rounded-full text-muted-foreground hover:bg-muted hover:text-foreground"
    >
      <X className="size-4" aria-hidden="true" />
    </button>
  );
}

/**
 * Issue 25: the winner's 'You won it for ₹N!' with Pay now and the time left to pay. It stays until
 * the winner closes it or leaves to pay, or their time to pay runs out (the win then passes to the
 * next bidder) — not for a few seconds, as a win is easy to miss while watching.
 */
export function WonBanner({ auction, onDone }: { auction: Auction; onDone: () => void }) {
  const { t } = useTranslation();
  const payBy = auction.payBy ?? null;
  const seconds = useServerSecondsLeft(payBy);
  const done = useEffectEvent(onDone);
  const timeOver = payBy !== null && seconds === 0;
  useEffect(() => {
    if (timeOver) done();
  }, [timeOver]);

  // A header (the win, and a way to close it) over the time to pay beside Pay now, like the other cards.
  return (
    <section aria-label={t('selling.live_auction')} data-testid="won-banner" className={BANNER}>
      <div className="flex items-center gap-2">
        <Trophy className="size-5 shrink-0 text-amber-500" aria-hidden="true" />
        <p role="status" className="min-w-0 flex-1 text-sm leading-tight font-bold text-emerald-700">
          {t('selling.you_won', { amount: auction.highestBid ? formatRupees(auction.highestBid) : '' })}
        </p>
        <DismissButton onClick={onDone} />
      </div>
      <div className="flex items-center gap-2">
        <div className="min-w-0 flex-1 text-xs leading-tight">
          {payBy !== null && seconds > 0 ? (
            <p role="timer" className="font-bold text-rose-700 tabular-nums">
              {t('selling.pay_within', { time: formatClock(seconds) })}
            </p>
          ) : null}
          <p className="line-clamp-2 text-muted-foreground">{auction.productName}</p>
        </div>
        <Link href="/orders" className={buttonVariants({ size: 'sm', className: 'max-w-[45%] shrink-0 px-2.5' })}>
          {t('selling.pay_in_orders')}
        </Link>
      </div>
    </section>
  );
}
