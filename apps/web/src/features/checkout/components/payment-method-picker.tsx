import 'virtual:english-load/checkout';
import { Banknote, CreditCard, Gift, Smartphone, Wallet, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { PaymentMethod } from '@live-market/contract/catalog';
import { PAYMENT_METHOD_KEYS } from '@/lib/orders';
import { cn } from '@/lib/utils';

const ICONS: Record<PaymentMethod, LucideIcon> = { upi: Smartphone, card: CreditCard, wallet: Wallet, cod: Banknote, store_credit: Gift };

type PaymentMethodPickerProps<M extends PaymentMethod> = {
  methods: readonly M[];
  value: M;
  onChange: (method: M) => void;
  disabled?: boolean;
  /** A second line under a method's name (store credit: how much is available). */
  hints?: Partial<Record<M, string>>;
  /** Methods shown but not offered here, with the short reason (issue 27: no cash on delivery to this PIN code). */
  unavailable?: Partial<Record<M, string>>;
};

/** UPI / Card / Wallet / Cash on Delivery as large radio tiles (native radios: arrow keys work). */
export function PaymentMethodPicker<M extends PaymentMethod>({ methods, value, onChange, disabled, hints, unavailable }: PaymentMethodPickerProps<M>) {
  const { t } = useTranslation();
  return (
    <fieldset className="space-y-2" disabled={disabled}>
      <legend className="mb-2 text-sm font-semibold">{t('checkout.payment_method')}</legend>
      <div className="grid grid-cols-2 gap-2">
        {methods.map((method) => {
          const Icon: LucideIcon = ICONS[method];
          const checked = method === value;
          const reason = unavailable?.[method];
          const hint = reason ?? hints?.[method];
          return (
            <label
              key={method}
              className={cn(
                'flex min-h-12 cursor-pointer items-center gap-2 rounded-xl border bg-card px-3 text-sm font-medium transition has-[:focus-visible]:ring-4 has-[:focus-visible]:ring-brand-500/15',
                checked ? 'border-brand-500 bg-brand-50 text-brand-700' : 'hover:bg-muted',
                reason && 'cursor-not-allowed opacity-60 hover:bg-card',
              )}
            >
              <input type="radio" name="payment-method" value={method} checked={checked} disabled={Boolean(reason)} onChange={() => onChange(method)} className="sr-only" />
              <Icon className="size-5 shrink-0" aria-hidden="true" />
              <span className="min-w-0">
                <span className="block">{t(PAYMENT_METHOD_KEYS[method])}</span>
                {hint ? <span className="block text-xs font-normal text-muted-foreground">{hint}</span> : null}
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
