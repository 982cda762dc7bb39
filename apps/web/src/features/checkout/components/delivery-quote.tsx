import 'virtual:english-load/checkout';
import { Truck, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ShippingQuote } from '@live-market/contract/shipping';
import { Skeleton } from '@/components/ui/skeleton';
import { formatRupees } from '@/lib/format';
import { formatIstDay } from '@/lib/format-date';

const DAY_MS = 24 * 60 * 60_000;

/**
 * The courier's answer for the chosen address: when it arrives and what delivery costs. The store pays
 * the courier (issue 27), so the fee is shown, never added to the buyer's total.
 */
export function DeliveryQuote({ quote, loading }: { quote: ShippingQuote | undefined; loading: boolean }) {
  const { t } = useTranslation();
  // The day the sheet opened: the estimate counts from then, and does not shift on a re-render.
  const [today] = useState(() => Date.now());
  if (loading) return <Skeleton className="h-10 rounded-2xl" />;
  // An answer of another shape (a server without issue 27) must not break paying: nothing is shown.
  if (!quote || typeof quote.deliverable !== 'boolean') return null;
  if (quote.deliverable === false) {
    return (
      <p role="alert" className="flex items-start gap-2 rounded-2xl bg-red-50 p-3 text-sm font-medium text-red-900">
        <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        {t('checkout.not_deliverable')}
      </p>
    );
  }
  const by = formatIstDay(new Date(today + quote.etaDays * DAY_MS));
  return (
    <div className="flex items-start gap-2 rounded-2xl bg-muted/50 p-3 text-sm">
      <Truck className="mt-0.5 size-4 shrink-0 text-brand-600" aria-hidden="true" />
      <span>
        <span className="block font-medium">{t('checkout.delivery_eta', { count: quote.etaDays, date: by })}</span>
        <span className="block text-muted-foreground">{t('checkout.delivery_fee', { fee: formatRupees(quote.shippingFee) })}</span>
      </span>
    </div>
  );
}
