import 'virtual:english-load/checkout';
import 'virtual:english-load/orders';
import { CircleCheck } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PaymentMethod } from '@live-market/contract/catalog';
import type { Order, PlaceOrderResult } from '@live-market/contract/orders';
import { Sheet } from '@/components/ui/sheet';
import { parseApiError } from '@/lib/api-client';
import { Button } from '@/components/ui/button';
import { formatRupees } from '@/lib/format';
import { CheckoutFooter } from './checkout-footer';
import { orderNumber } from '@/lib/orders';
import { handleUnauthorized } from '@/lib/session';
import { toast } from '@/lib/toast';
import { useAddresses } from '../api/get-addresses';
import { usePayOrder } from '../api/pay-order';
import type { BuyerContact } from '../utils/buyer-contact';
import { readCheckoutPrefs, saveCheckoutPrefs } from '../utils/checkout-prefs';
import { AddressPicker } from './address-picker';
import { PaymentFailed } from './checkout-result';
import { PaymentMethodPicker } from './payment-method-picker';
import { PaymentStep, type PaymentOutcome } from './payment-step';

// 'Pay now' pays now: the online methods only (a won auction is not sent cash on delivery).
const METHODS = ['upi', 'card', 'wallet'] as const satisfies readonly PaymentMethod[];
type OnlineMethod = (typeof METHODS)[number];

type Phase = { step: 'review' } | { step: 'paying'; result: PlaceOrderResult } | { step: 'paid' } | { step: 'failed' };

type PayOrderSheetProps = {
  order: Pick<Order, 'id' | 'totalAmount'>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** After a payment attempt (captured or not): the app refreshes the orders. */
  onSettled?: () => void;
  /** The signed-in buyer's name and mobile number, for a first address. */
  contact?: BuyerContact;
};

/** 'Pay now' on an order waiting for its payment (a won auction): the address, the method, then the same payment step as checkout. */
export function PayOrderSheet({ order, open, onOpenChange, onSettled, contact }: PayOrderSheetProps) {
  const { t } = useTranslation();
  const [prefs] = useState(readCheckoutPrefs);
  const [chosenAddress, setChosenAddress] = useState<string | null>(null);
  const [method, setMethod] = useState<OnlineMethod>(() => (METHODS as readonly string[]).includes(prefs.paymentMethod) ? (prefs.paymentMethod as OnlineMethod) : 'upi');
  const [phase, setPhase] = useState<Phase>({ step: 'review' });
  const pay = usePayOrder();
  const { data: addresses } = useAddresses();
  const addressId = chosenAddress ?? (addresses?.some((a) => a.id === prefs.addressId) ? prefs.addressId : (addresses?.[0]?.id ?? null));
  const busy = pay.isPending;

  const submit = () => {
    if (!addressId) {
      toast({ variant: 'destructive', title: t('checkout.address_required') });
      return;
    }
    pay.mutate(
      { orderId: order.id, body: { addressId, paymentMethod: method } },
      {
        onSuccess: (result) => {
          saveCheckoutPrefs({ addressId, paymentMethod: method });
          onSettled?.();
          setPhase(result.payment.provider === 'none' ? { step: 'paid' } : { step: 'paying', result });
        },
        onError: (error) => {
          if (handleUnauthorized(error)) return;
          toast({ variant: 'destructive', title: t('checkout.pay_failed'), description: parseApiError(error).userMessage ?? t('checkout.try_again') });
        },
      },
    );
  };

  const onOutcome = (outcome: PaymentOutcome) => {
    onSettled?.();
    setPhase(outcome === 'captured' ? { step: 'paid' } : { step: 'failed' });
  };

  return (
    <Sheet
      open={open}
      onOpenChange={onOpenChange}
      title={phase.step === 'paying' ? t('checkout.pay_title') : t('checkout.pay_order_title')}
      description={t('checkout.pay_order_description')}
      hideDescription
      footer={
        phase.step === 'review' ? (
          <CheckoutFooter
            total={order.totalAmount}
            label={t('checkout.pay_amount', { amount: formatRupees(order.totalAmount) })}
            busy={busy}
            disabled={!addressId}
            onSubmit={submit}
          />
        ) : undefined
      }
    >
      {phase.step === 'review' ? (
        <div className="space-y-5">
          <p className="font-mono text-sm text-muted-foreground">{t('orders.order_number', { number: orderNumber(order.id) })}</p>
          <AddressPicker value={addressId} onChange={setChosenAddress} disabled={busy} contact={contact} />
          <PaymentMethodPicker methods={METHODS} value={method} onChange={setMethod} disabled={busy} />
        </div>
      ) : phase.step === 'paying' && phase.result.payment.provider !== 'none' ? (
        <PaymentStep action={phase.result.payment} onOutcome={onOutcome} />
      ) : phase.step === 'paid' ? (
        <div role="status" className="flex flex-col items-center gap-3 py-6 text-center">
          <CircleCheck className="size-14 text-emerald-600" aria-hidden="true" />
          <p className="text-xl font-bold">{t('checkout.payment_received')}</p>
          <p className="font-mono text-sm text-muted-foreground">{t('orders.order_number', { number: orderNumber(order.id) })}</p>
          <Button className="mt-2" onClick={() => onOpenChange(false)}>
            {t('checkout.done')}
          </Button>
        </div>
      ) : (
        <PaymentFailed onRetry={() => setPhase({ step: 'review' })} />
      )}
    </Sheet>
  );
}
