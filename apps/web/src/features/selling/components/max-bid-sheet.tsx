import '../i18n';
import { Loader2 } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Auction } from '@live-market/contract/selling';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Sheet } from '@/components/ui/sheet';
import { formatRupees } from '@/lib/format';
import { handleUnauthorized } from '@/lib/session';
import { translateValidation } from '@/lib/validation-message';
import { usePlaceBid } from '../api/place-bid';
import { formatClock, useServerSecondsLeft } from '../hooks/use-server-seconds-left';
import { paiseOf } from '../utils/merge';
import { refusalText } from '../utils/notify';

// BidBody's own rule and message, checked here without loading zod into the viewer's auction chunk.
const RUPEES = /^\d{1,10}(\.\d{1,2})?$/;
const MAX_FORMAT_MESSAGE = 'Enter your maximum bid in rupees, e.g. 900';

/** Rupees as a person types them: "1300.00" → "1300", "1300.50" stays. */
const typed = (rupees: string) => rupees.replace(/\.00$/, '');

/**
 * What the field opens with (issue 25): the viewer's standing maximum when it is still at least the
 * next valid bid, else that bid itself — never a figure below the 'At least ₹N' printed under it.
 */
export function openingAmount(auction: Pick<Auction, 'nextBid' | 'viewer'>): string {
  const standing = auction.viewer?.maxAmount ?? null;
  return typed(standing !== null && (paiseOf(standing) ?? 0) >= (paiseOf(auction.nextBid) ?? 0) ? standing : auction.nextBid);
}

type MaxBidSheetProps = { auction: Auction; streamId: string; userId: string; open: boolean; onOpenChange: (open: boolean) => void };

/** 'Max bid': the viewer bids the next valid amount now, and the server answers rivals for them, one step at a time, up to their maximum. */
export function MaxBidSheet({ auction, streamId, userId, open, onOpenChange }: MaxBidSheetProps) {
  const { t } = useTranslation();
  const id = useId();
  const seconds = useServerSecondsLeft(auction.endsAt);
  // Until the viewer types, the field follows the auction: a rival's bid moves the minimum up, and it.
  const [typedValue, setValue] = useState<string | null>(null);
  const value = typedValue ?? openingAmount(auction);
  const [error, setError] = useState<string | null>(null);
  const bid = usePlaceBid({
    streamId,
    userId,
    onSuccess: () => onOpenChange(false),
    onError: (err) => {
      if (!handleUnauthorized(err)) setError(refusalText(err));
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const maxAmount = value.trim();
    if (!RUPEES.test(maxAmount)) return setError(translateValidation(t, MAX_FORMAT_MESSAGE));
    if ((paiseOf(maxAmount) ?? 0) < (paiseOf(auction.nextBid) ?? 0)) return setError(t('selling.max_too_low', { amount: formatRupees(auction.nextBid) }));
    setError(null);
    bid.mutate({ auctionId: auction.id, body: { amount: auction.nextBid, maxAmount, idempotencyKey: crypto.randomUUID() } });
  };

  const ended = auction.status === 'ended' || seconds === 0;
  return (
    <Sheet
      open={open}
      onOpenChange={onOpenChange}
      title={t('selling.max_bid_title')}
      description={t('selling.max_bid_description')}
      footer={
        <Button type="submit" form={`${id}-form`} size="lg" className="w-full" disabled={bid.isPending || ended}>
          {bid.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
          {t('selling.place_max_bid')}
        </Button>
      }
    >
      <form id={`${id}-form`} noValidate onSubmit={submit} className="space-y-4">
        <div className="flex items-center justify-between gap-3 rounded-2xl bg-muted px-4 py-3">
          <div className="min-w-0">
            <p className="truncate text-sm font-semibold">{auction.productName}</p>
            <p className="text-xs text-muted-foreground">
              {auction.highestBid === null ? t('selling.starting_bid') : t('selling.current_bid')}:{' '}
              <span className="font-bold text-foreground tabular-nums">{formatRupees(auction.highestBid ?? auction.startingBid)}</span>
            </p>
          </div>
          <span role="timer" aria-label={t('selling.ends_in', { time: formatClock(seconds) })} className="shrink-0 rounded-md bg-violet-700 px-2 py-0.5 text-sm font-bold text-white tabular-nums">
            {formatClock(seconds)}
          </span>
        </div>
        <div className="space-y-2">
          <Label htmlFor={id}>{t('selling.max_amount')}</Label>
          <Input
            id={id}
            inputMode="decimal"
            autoComplete="off"
            placeholder={String(Math.ceil(Number(auction.nextBid)))}
            value={value}
            onChange={(e) => setValue(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
          />
          <p id={`${id}-hint`} className="text-sm text-muted-foreground">
            {t('selling.max_bid_hint', { amount: formatRupees(auction.nextBid) })}
          </p>
          {error ? (
            <p id={`${id}-error`} role="alert" className="text-sm font-medium text-destructive">
              {error}
            </p>
          ) : null}
        </div>
      </form>
    </Sheet>
  );
}
