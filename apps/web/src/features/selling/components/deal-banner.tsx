import '../i18n';
import { Loader2, Zap } from 'lucide-react';
import { useEffect, useEffectEvent, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Deal } from '@live-market/contract/selling';
import { Button } from '@/components/ui/button';
import { formatRupees } from '@/lib/format';
import { cn } from '@/lib/utils';
import { useEndDeal } from '../api/end-deal';
import { useJoinWaitlist } from '../api/join-waitlist';
import { formatClock, useServerSecondsLeft } from '../hooks/use-server-seconds-left';
import { paiseOf } from '../utils/merge';
import { notifyFailure } from '../utils/notify';

/** The banner's button: a label long in some languages wraps inside it, leaving the price its line. */
const ACTION = 'max-w-[40%] shrink-0 px-3';

/** How long 'Deal ended' stays before the banner goes. */
export const DEAL_ENDED_SHOWN_MS = 5000;

type DealBannerProps = {
  deal: Deal;
  isOwner: boolean;
  streamId: string;
  onGrab: (deal: Deal, maxQuantity: number) => void;
  /** The deal has ended and said so: the layer takes the banner away. */
  onDone: () => void;
};

/**
 * Issue 14: the flash deal over the video. Viewers see the deal price, the ₹ saved, the units left and
 * the countdown, and 'Grab deal' (checkout at the deal price); sold out, 'Join waitlist'; a released
 * unit held for them, its own countdown and 'Grab deal'. The owner sees the units left and 'End deal'.
 */
export function DealBanner({ deal, isOwner, streamId, onGrab, onDone }: DealBannerProps) {
  const { t } = useTranslation();
  const seconds = useServerSecondsLeft(deal.endsAt);
  const holdSeconds = useServerSecondsLeft(isOwner ? null : deal.viewer?.holdUntil);
  const [position, setPosition] = useState<number | null>(null);
  const waitlist = useJoinWaitlist({ streamId, onError: (error) => notifyFailure(error, t('selling.waitlist_failed')) });
  const end = useEndDeal({ onError: (error) => notifyFailure(error, t('selling.end_deal_failed')) });

  const running = deal.isActive && seconds > 0;
  const holding = holdSeconds > 0;
  const over = !running && !holding;
  const done = useEffectEvent(onDone);
  useEffect(() => {
    if (!over) return;
    const timer = setTimeout(() => done(), DEAL_ENDED_SHOWN_MS);
    return () => clearTimeout(timer);
  }, [over]);

  const saved = (paiseOf(deal.price) ?? 0) - (paiseOf(deal.dealPrice) ?? 0);
  const mine = deal.perBuyerLimit - (deal.viewer?.bought ?? 0);
  const soldOut = deal.unitsLeft === 0;

  let status: ReactNode = isOwner
    ? t('selling.units_left_of', { left: deal.unitsLeft, units: deal.units })
    : t('selling.units_left', { count: deal.unitsLeft });
  let action: ReactNode = null;
  if (over) {
    status = t('selling.deal_ended');
  } else if (isOwner) {
    action = (
      <Button variant="outline" className={ACTION} onClick={() => end.mutate(deal.id)} disabled={end.isPending || !deal.isActive}>
        {end.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
        {t('selling.end_deal')}
      </Button>
    );
  } else if (mine <= 0) {
    status = t('selling.limit_reached');
  } else if (holding || !soldOut) {
    action = (
      <Button className={ACTION} onClick={() => onGrab(deal, holding ? 1 : Math.min(deal.unitsLeft, mine))}>
        {t('selling.grab_deal')}
      </Button>
    );
  } else {
    status = <span className="font-bold text-destructive">{t('selling.sold_out')}</span>;
    action = deal.viewer?.waitlisted ? (
      <span role="status" className="max-w-[40%] shrink-0 text-right text-xs font-semibold text-emerald-700">
        {position ? t('selling.waitlist_position', { position }) : t('selling.on_waitlist')}
      </span>
    ) : (
      <Button
        variant="outline"
        className={ACTION}
        disabled={waitlist.isPending}
        onClick={() => waitlist.mutate(deal.id, { onSuccess: (result) => setPosition(result.position) })}
      >
        {t('selling.join_waitlist')}
      </Button>
    );
  }

  const left = holding ? holdSeconds : seconds;
  return (
    <section
      aria-label={t('selling.flash_deal')}
      data-testid="deal-banner"
      className={cn('pointer-events-auto flex items-center gap-2 rounded-2xl bg-white/95 p-2 pl-3 text-foreground shadow-lg ring-1 ring-black/5 backdrop-blur-sm', over && 'opacity-90')}
    >
      <div className="min-w-0 flex-1">
        <p className="flex items-center gap-1.5 text-xs font-bold text-rose-600">
          <Zap className="size-3.5 shrink-0 fill-current" aria-hidden="true" />
          <span className="truncate">{holding ? t('selling.held_for_you') : t('selling.flash_deal')}</span>
          {over ? null : (
            <span role="timer" aria-label={t('selling.ends_in', { time: formatClock(left) })} className="shrink-0 rounded-md bg-rose-600 px-1.5 py-px text-white tabular-nums">
              {formatClock(left)}
            </span>
          )}
        </p>
        <p className="flex flex-wrap items-baseline gap-x-1.5">
          <span className="text-lg leading-tight font-extrabold tabular-nums">{formatRupees(deal.dealPrice)}</span>
          <s className="text-xs text-muted-foreground">
            <span className="sr-only">{t('price.original')} </span>
            {formatRupees(deal.price)}
          </s>
          {saved > 0 ? <span className="text-xs font-bold text-emerald-700">{t('selling.save_amount', { amount: formatRupees(saved / 100) })}</span> : null}
        </p>
        <p className="truncate text-xs text-muted-foreground">
          {deal.productName} · {status}
        </p>
      </div>
      {action}
    </section>
  );
}
