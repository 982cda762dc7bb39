import 'virtual:english-load/checkout';
import { Loader2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { formatRupees } from '@/lib/format';

/** The sheet's footer while reviewing: the total and the one button that pays (or places) it. */
export function CheckoutFooter({ total, label, busy, disabled, onSubmit }: { total: string | number; label: string; busy: boolean; disabled: boolean; onSubmit: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="space-y-2">
      <div className="flex items-baseline justify-between">
        <span className="text-sm text-muted-foreground">{t('checkout.total')}</span>
        <span className="text-xl font-bold tabular-nums">{formatRupees(total)}</span>
      </div>
      <Button size="lg" className="w-full" onClick={onSubmit} disabled={busy || disabled} aria-busy={busy}>
        {busy ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
        {label}
      </Button>
    </div>
  );
}
