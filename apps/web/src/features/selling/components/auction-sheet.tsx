import '../i18n';
import { Loader2 } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AUCTION_EXTEND_MS } from '@live-market/contract/bids';
import type { Product } from '@live-market/contract/products';
import { CreateAuctionBody } from '@live-market/contract/selling';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Sheet } from '@/components/ui/sheet';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/lib/toast';
import { translateValidation } from '@/lib/validation-message';
import { useCreateAuction } from '../api/create-auction';
import { notifyFailure } from '../utils/notify';
import { DurationChips, FieldMessage, ProductSummary } from './selling-form-parts';

/** One-tap lengths within AUCTION_MIN_SECONDS..AUCTION_MAX_SECONDS (10–60 s). */
export const AUCTION_DURATIONS = [15, 30, 45, 60] as const;

type Field = 'startingBid' | 'durationSeconds';

type AuctionSheetProps = {
  streamId: string;
  product: Product;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The auction is running (the seller's tools sheet then closes too, back to the show). */
  onStarted?: () => void;
};

/** The owner's 'Auction' sheet: the starting bid, how long, and sudden death (no extra time for late bids). */
export function AuctionSheet({ streamId, product, open, onOpenChange, onStarted }: AuctionSheetProps) {
  const { t } = useTranslation();
  const id = useId();
  const [startingBid, setStartingBid] = useState('');
  const [duration, setDuration] = useState<number>(30);
  const [suddenDeath, setSuddenDeath] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const create = useCreateAuction({
    onSuccess: () => {
      toast({ title: t('selling.auction_started') });
      onOpenChange(false);
      onStarted?.();
    },
    onError: (error) => notifyFailure(error, t('selling.auction_start_failed')),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = CreateAuctionBody.safeParse({ productId: product.id, startingBid, durationSeconds: duration, suddenDeath });
    const found: Partial<Record<Field, string>> = {};
    if (!parsed.success) for (const issue of parsed.error.issues) found[issue.path[0] as Field] ??= translateValidation(t, issue.message);
    setErrors(found);
    if (parsed.success) create.mutate({ streamId, body: parsed.data });
  };

  const extendSeconds = AUCTION_EXTEND_MS / 1000;
  return (
    <Sheet
      open={open}
      onOpenChange={onOpenChange}
      title={t('selling.auction_sheet_title')}
      description={t('selling.auction_sheet_description')}
      footer={
        <Button type="submit" form={`${id}-form`} size="lg" className="w-full" disabled={create.isPending}>
          {create.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
          {t('selling.start_auction')}
        </Button>
      }
    >
      <form id={`${id}-form`} noValidate onSubmit={submit} className="space-y-4">
        <ProductSummary product={product} />
        <div className="space-y-2">
          <Label htmlFor={`${id}-startingBid`}>{t('selling.starting_bid_label')}</Label>
          <Input
            id={`${id}-startingBid`}
            inputMode="decimal"
            autoComplete="off"
            placeholder="499"
            value={startingBid}
            onChange={(e) => setStartingBid(e.target.value)}
            disabled={create.isPending}
            aria-invalid={errors.startingBid ? true : undefined}
            aria-describedby={errors.startingBid ? `${id}-startingBid-error` : undefined}
          />
          <FieldMessage id={`${id}-startingBid-error`} message={errors.startingBid} />
        </div>
        <DurationChips name={`${id}-duration`} label={t('selling.runs_for')} options={AUCTION_DURATIONS} value={duration} onChange={setDuration} disabled={create.isPending} />
        <FieldMessage id={`${id}-durationSeconds-error`} message={errors.durationSeconds} />
        <div className="flex items-start justify-between gap-4">
          <div className="space-y-1">
            <Label htmlFor={`${id}-sudden`}>{t('selling.sudden_death')}</Label>
            <p id={`${id}-sudden-hint`} className="text-sm text-muted-foreground">
              {suddenDeath ? t('selling.sudden_death_hint') : t('selling.extend_hint', { seconds: extendSeconds })}
            </p>
          </div>
          <Switch id={`${id}-sudden`} checked={suddenDeath} onChange={(e) => setSuddenDeath(e.target.checked)} aria-describedby={`${id}-sudden-hint`} disabled={create.isPending} className="mt-1" />
        </div>
      </form>
    </Sheet>
  );
}
