import 'virtual:english-load/orders';
import { Smartphone, Wallet } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { RefundMethodBody } from '@live-market/contract/money';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { parseApiError } from '@/lib/api-client';
import { formatRupees } from '@/lib/format';
import { handleUnauthorized } from '@/lib/session';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { translateValidation } from '@/lib/validation-message';
import { useChooseRefundMethod } from '../api/choose-refund-method';

type Way = 'upi' | 'store_credit';
const WAYS = [
  { way: 'upi', icon: Smartphone, label: 'orders.refund_choose_upi', hint: 'orders.refund_choose_upi_hint' },
  { way: 'store_credit', icon: Wallet, label: 'orders.refund_choose_credit', hint: 'orders.refund_choose_credit_hint' },
] as const satisfies readonly { way: Way; icon: typeof Smartphone; label: string; hint: string }[];

/** A cash-on-delivery order's refund waits for its buyer: back to a UPI id, or kept as store credit (issue 26). */
export function RefundChoice({ orderId, refund }: { orderId: string; refund: { id: string; amount: string } }) {
  const { t } = useTranslation();
  const ids = { vpa: useId(), title: useId() };
  const [way, setWay] = useState<Way>('upi');
  const [vpa, setVpa] = useState('');
  const [error, setError] = useState<string | undefined>();
  const choose = useChooseRefundMethod({
    onSuccess: () => toast({ title: t('orders.refund_chosen_title'), description: t(way === 'upi' ? 'orders.refund_chosen_upi' : 'orders.refund_chosen_credit') }),
    onError: (e) => {
      if (handleUnauthorized(e)) return;
      toast({ variant: 'destructive', title: t('orders.refund_choose_failed'), description: parseApiError(e).userMessage ?? undefined });
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = RefundMethodBody.safeParse(way === 'upi' ? { method: 'upi', vpa } : { method: 'store_credit' });
    if (!parsed.success) {
      setError(translateValidation(t, parsed.error.issues[0]?.message ?? ''));
      return;
    }
    setError(undefined);
    choose.mutate({ orderId, refundId: refund.id, body: parsed.data });
  };

  return (
    <form onSubmit={submit} aria-labelledby={ids.title} className="space-y-3 rounded-2xl border border-brand-200 bg-brand-50/40 p-3">
      <p id={ids.title} className="text-sm font-semibold">
        {t('orders.refund_choose_title', { amount: formatRupees(refund.amount) })}
      </p>
      <div role="radiogroup" aria-labelledby={ids.title} className="grid gap-2">
        {WAYS.map(({ way: w, icon: Icon, label, hint }) => (
          <label
            key={w}
            className={cn(
              'flex min-h-12 cursor-pointer items-start gap-2 rounded-xl border bg-card px-3 py-2 text-sm has-[:focus-visible]:ring-4 has-[:focus-visible]:ring-brand-500/15',
              way === w ? 'border-brand-500 text-brand-700' : 'hover:bg-muted',
            )}
          >
            <input type="radio" name={`refund-way-${refund.id}`} value={w} checked={way === w} onChange={() => setWay(w)} className="sr-only" />
            <Icon className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
            <span className="min-w-0">
              <span className="block font-medium">{t(label)}</span>
              <span className="block text-xs text-muted-foreground">{t(hint)}</span>
            </span>
          </label>
        ))}
      </div>
      {way === 'upi' ? (
        <div className="space-y-1">
          <Label htmlFor={ids.vpa}>{t('orders.refund_vpa')}</Label>
          <Input
            id={ids.vpa}
            value={vpa}
            onChange={(e) => setVpa(e.target.value)}
            inputMode="email"
            autoComplete="off"
            autoCapitalize="none"
            placeholder="name@okbank"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${ids.vpa}-error` : undefined}
          />
          <FieldError id={`${ids.vpa}-error`} message={error} />
        </div>
      ) : null}
      <Button type="submit" className="w-full" disabled={choose.isPending}>
        {t('orders.refund_choose_submit')}
      </Button>
    </form>
  );
}
