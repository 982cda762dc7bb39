import 'virtual:english-load/coins';
import 'virtual:english-load/checkout';
import { Coins, Loader2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { COIN_PACKS, PaymentAction } from '@live-market/contract/orders';
import { Button } from '@/components/ui/button';
import { Sheet } from '@/components/ui/sheet';
import { parseApiError } from '@/lib/api-client';
import { formatCount, formatRupees } from '@/lib/format';
import { handleUnauthorized } from '@/lib/session';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { useBuyCoins, type CoinPaymentMethod } from '../api/buy-coins';
import { readCheckoutPrefs } from '../utils/checkout-prefs';
import { PaymentFailed } from './checkout-result';
import { PaymentMethodPicker } from './payment-method-picker';
import { PaymentStep, type PaymentOutcome } from './payment-step';

// The contract's packs, typed from it (the value would bring zod into this chunk).
const PACKS: typeof COIN_PACKS = [
  { id: 'coins-100', coins: 100, price: '19.00' },
  { id: 'coins-550', coins: 550, price: '99.00' },
  { id: 'coins-1200', coins: 1200, price: '199.00' },
  { id: 'coins-3000', coins: 3000, price: '449.00' },
];
type Pack = (typeof PACKS)[number];
const METHODS = ['upi', 'card', 'wallet'] as const satisfies readonly CoinPaymentMethod[];

type Phase = { step: 'choose' } | { step: 'paying'; payment: Exclude<PaymentAction, { provider: 'none' }> } | { step: 'failed' };

/** Coin packs for the gift wallet, paid through the same payment step as orders (no cash on delivery). */
export function CoinPackSheet({ open, onOpenChange, onPurchased }: { open: boolean; onOpenChange: (open: boolean) => void; onPurchased: () => void }) {
  const { t } = useTranslation();
  const [pack, setPack] = useState<Pack>(PACKS[1]);
  const [method, setMethod] = useState<CoinPaymentMethod>(() => {
    const last = readCheckoutPrefs().paymentMethod;
    return last === 'cod' ? 'upi' : last;
  });
  const [phase, setPhase] = useState<Phase>({ step: 'choose' });
  const attempt = useRef<{ signature: string; key: string } | null>(null);
  const buy = useBuyCoins();

  const finish = (outcome: PaymentOutcome) => {
    attempt.current = null;
    if (outcome === 'failed') return setPhase({ step: 'failed' });
    onPurchased();
    toast({ title: t('coins.added_title'), description: t('coins.added_body', { count: pack.coins, amount: formatCount(pack.coins) }) });
    onOpenChange(false);
  };

  const submit = () => {
    const signature = `${pack.id}:${method}`;
    if (attempt.current?.signature !== signature) attempt.current = { signature, key: crypto.randomUUID() };
    buy.mutate(
      { packId: pack.id, paymentMethod: method, idempotencyKey: attempt.current.key },
      {
        onSuccess: ({ payment }) => {
          if (payment.provider === 'none') return finish('captured');
          setPhase({ step: 'paying', payment });
        },
        onError: (error) => {
          if (handleUnauthorized(error)) return;
          toast({ variant: 'destructive', title: t('coins.failed'), description: parseApiError(error).userMessage ?? t('checkout.try_again') });
        },
      },
    );
  };

  return (
    <Sheet
      open={open}
      onOpenChange={onOpenChange}
      title={t('coins.title')}
      description={t('coins.description')}
      footer={
        phase.step === 'choose' ? (
          <Button size="lg" className="w-full" onClick={submit} disabled={buy.isPending} aria-busy={buy.isPending}>
            {buy.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
            {t('checkout.pay_amount', { amount: formatRupees(pack.price) })}
          </Button>
        ) : undefined
      }
    >
      {phase.step === 'paying' ? (
        <PaymentStep action={phase.payment} onOutcome={finish} />
      ) : phase.step === 'failed' ? (
        <PaymentFailed onRetry={() => setPhase({ step: 'choose' })} />
      ) : (
        <div className="space-y-5">
          <fieldset className="grid grid-cols-2 gap-2" disabled={buy.isPending}>
            <legend className="sr-only">{t('coins.choose_pack')}</legend>
            {PACKS.map((p) => (
              <label
                key={p.id}
                className={cn(
                  'flex cursor-pointer flex-col items-center gap-1 rounded-2xl border bg-card p-3 transition has-[:focus-visible]:ring-4 has-[:focus-visible]:ring-brand-500/15',
                  p.id === pack.id ? 'border-brand-500 bg-brand-50' : 'hover:bg-muted',
                )}
              >
                <input type="radio" name="coin-pack" value={p.id} checked={p.id === pack.id} onChange={() => setPack(p)} className="sr-only" />
                <span className="flex items-center gap-1 text-lg font-bold text-amber-700">
                  <Coins className="size-5" aria-hidden="true" />
                  {formatCount(p.coins)}
                </span>
                <span className="text-sm font-semibold">{formatRupees(p.price)}</span>
              </label>
            ))}
          </fieldset>
          <PaymentMethodPicker methods={METHODS} value={method} onChange={setMethod} disabled={buy.isPending} />
        </div>
      )}
    </Sheet>
  );
}
