import '../i18n';
import { Loader2 } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Product } from '@live-market/contract/products';
import { CreateDealBody } from '@live-market/contract/selling';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Sheet } from '@/components/ui/sheet';
import { formatRupees } from '@/lib/format';
import { toast } from '@/lib/toast';
import { translateValidation } from '@/lib/validation-message';
import { useCreateDeal } from '../api/create-deal';
import { paiseOf } from '../utils/merge';
import { notifyFailure } from '../utils/notify';
import { DurationChips, FieldMessage, ProductSummary } from './selling-form-parts';

/** One-tap lengths within DEAL_MIN_SECONDS..DEAL_MAX_SECONDS (10–300 s). */
export const DEAL_DURATIONS = [30, 60, 120, 300] as const;
const DEFAULT_UNITS = 10;

type Field = 'dealPrice' | 'units' | 'perBuyerLimit' | 'durationSeconds';

type DealSheetProps = {
  streamId: string;
  product: Product;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The deal is running (the seller's tools sheet then closes too, back to the show). */
  onStarted?: () => void;
};

/** The owner's 'Flash deal' sheet: a price below the product's, how many units, a limit per buyer and how long. */
export function DealSheet({ streamId, product, open, onOpenChange, onStarted }: DealSheetProps) {
  const { t } = useTranslation();
  const id = useId();
  const [dealPrice, setDealPrice] = useState('');
  const [units, setUnits] = useState(String(Math.max(1, Math.min(product.stockQuantity, DEFAULT_UNITS))));
  const [perBuyerLimit, setPerBuyerLimit] = useState('1');
  const [duration, setDuration] = useState<number>(60);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const create = useCreateDeal({
    onSuccess: () => {
      toast({ title: t('selling.deal_started') });
      onOpenChange(false);
      onStarted?.();
    },
    onError: (error) => notifyFailure(error, t('selling.deal_start_failed')),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The contract's schema, as the server checks it; then the product's own price, which only we and the server know.
    const parsed = CreateDealBody.safeParse({ productId: product.id, dealPrice, units: Number(units), perBuyerLimit: Number(perBuyerLimit), durationSeconds: duration });
    const found: Partial<Record<Field, string>> = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) found[issue.path[0] as Field] ??= translateValidation(t, issue.message);
    } else if ((paiseOf(parsed.data.dealPrice) ?? 0) >= (paiseOf(product.price) ?? 0)) {
      found.dealPrice = t('selling.deal_price_too_high', { price: formatRupees(product.price) });
    }
    setErrors(found);
    if (parsed.success && Object.keys(found).length === 0) create.mutate({ streamId, body: parsed.data });
  };

  const field = (name: Field) => ({
    id: `${id}-${name}`,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${id}-${name}-error` : undefined,
    disabled: create.isPending,
  });

  return (
    <Sheet
      open={open}
      onOpenChange={onOpenChange}
      title={t('selling.deal_sheet_title')}
      description={t('selling.deal_sheet_description')}
      footer={
        <Button type="submit" form={`${id}-form`} size="lg" className="w-full" disabled={create.isPending}>
          {create.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
          {t('selling.start_deal')}
        </Button>
      }
    >
      <form id={`${id}-form`} noValidate onSubmit={submit} className="space-y-4">
        <ProductSummary product={product} />
        <div className="space-y-2">
          <Label htmlFor={`${id}-dealPrice`}>{t('selling.deal_price')}</Label>
          <Input {...field('dealPrice')} inputMode="decimal" autoComplete="off" placeholder={t('selling.deal_price_placeholder', { price: formatRupees(product.price) })} value={dealPrice} onChange={(e) => setDealPrice(e.target.value)} />
          <FieldMessage id={`${id}-dealPrice-error`} message={errors.dealPrice} />
        </div>
        <div className="grid grid-cols-2 gap-3">
          <div className="space-y-2">
            <Label htmlFor={`${id}-units`}>{t('selling.units')}</Label>
            <Input {...field('units')} type="number" inputMode="numeric" min={1} max={product.stockQuantity} value={units} onChange={(e) => setUnits(e.target.value)} />
            <FieldMessage id={`${id}-units-error`} message={errors.units} />
          </div>
          <div className="space-y-2">
            <Label htmlFor={`${id}-perBuyerLimit`}>{t('selling.per_buyer_limit')}</Label>
            <Input {...field('perBuyerLimit')} type="number" inputMode="numeric" min={1} value={perBuyerLimit} onChange={(e) => setPerBuyerLimit(e.target.value)} />
            <FieldMessage id={`${id}-perBuyerLimit-error`} message={errors.perBuyerLimit} />
          </div>
        </div>
        <DurationChips name={`${id}-duration`} label={t('selling.runs_for')} options={DEAL_DURATIONS} value={duration} onChange={setDuration} disabled={create.isPending} />
        <FieldMessage id={`${id}-durationSeconds-error`} message={errors.durationSeconds} />
      </form>
    </Sheet>
  );
}
