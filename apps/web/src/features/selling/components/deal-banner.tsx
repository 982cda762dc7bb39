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
import { BANNER } from './banner';

/** The banner's button: a label long in some languages wraps inside it, leaving the numbers their room. */
const ACTION = 'max-w-[38%] shrink-0 px-2.5';

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
 * Issue 14: the flash deal (under the video on a phone, over it on a wider screen). Viewers see the deal price, the ₹ saved, the units left and
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
  let tone = 'font-bold text-rose-700';
  let action: ReactNode = null;
  if (over) {
    status = t('selling.deal_ended');
    tone = 'font-bold text-muted-foreground';
  } else if (isOwner) {
    action = (
      <Button size="sm" variant="outline" className={ACTION} onClick={() => end.mutate(deal.id)} disabled={end.isPending || !deal.isActive}>
        {end.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
        {t('selling.end_deal')}
      </Button>
    );
  } else if (mine <= 0) {
    status = t('selling.limit_reached');
    tone = 'font-semibold text-muted-foreground';
  } else if (holding || !soldOut) {
    if (holding) {
      status = t('selling.held_for_you');
      tone = 'font-bold text-emerald-700';
    }
    action = (
      <Button size="sm" className={ACTION} onClick={() => onGrab(deal, holding ? 1 : Math.min(deal.unitsLeft, mine))}>
        {t('selling.grab_deal')}
      </Button>
    );
  } else {
    status = t('selling.sold_out');
    tone = 'font-bold text-destructive';
    action = deal.viewer?.waitlisted ? (
      <span role="status" className="max-w-[38%] shrink-0 text-right text-xs leading-tight font-semibold text-emerald-700">
        {position ? t('selling.waitlist_position', { position }) : t('selling.on_waitlist')}
      </span>
    ) : (
      <Button
        size="sm"
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
  // Issue 25: a header line (the clock, the product) over two short lines beside the button. The numbers
  // that decide (the price, what it saves, the units left, the clock) never shrink or stop at an
  // ellipsis: in a long language they wrap to a further line instead; only the product's name may stop.
  return (
    <section aria-label={t('selling.flash_deal')} data-testid="deal-banner" className={cn(BANNER, over && 'opacity-90')}>
      <p className="flex items-center gap-1.5 text-xs leading-tight">
        {over ? (
          <Zap className="size-3.5 shrink-0 fill-current text-rose-600" aria-hidden="true" />
        ) : (
          <span
            role="timer"
            aria-label={t('selling.ends_in', { time: formatClock(left) })}
            className="inline-flex shrink-0 items-center gap-0.5 rounded-md bg-rose-600 px-1 py-px font-bold text-white tabular-nums"
          >
            <Zap className="size-3 fill-current" aria-hidden="true" />
            {formatClock(left)}
          </span>
        )}
        <span className="line-clamp-2 min-w-0 flex-1 font-semibold text-muted-foreground">{deal.productName}</span>
      </p>
      <div className="flex items-center gap-2">
        <div className="min-w-0 flex-1 leading-tight">
          <p className="flex flex-wrap items-baseline gap-x-1.5">
            <span className="text-base leading-tight font-extrabold whitespace-nowrap tabular-nums">{formatRupees(deal.dealPrice)}</span>
            <s className="text-[11px] whitespace-nowrap text-muted-foreground">
              <span className="sr-only">{t('price.original')} </span>
              {formatRupees(deal.price)}
            </s>
          </p>
          <p className="flex flex-wrap items-baseline gap-x-1.5 text-xs">
            <span className={tone}>{status}</span>
            {saved > 0 && !over ? <span className="font-bold whitespace-nowrap text-emerald-700">{t('selling.save_amount', { amount: formatRupees(saved / 100) })}</span> : null}
          </p>
        </div>
        {action}
      </div>
    </section>
  );
}
