import 'virtual:english-load/checkout';
import { useQueryClient } from '@tanstack/react-query';
import { WifiOff } from 'lucide-react';
import { useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PaymentMethod } from '@live-market/contract/catalog';
import type { PlaceOrderResult } from '@live-market/contract/orders';
import { Sheet } from '@/components/ui/sheet';
import { parseApiError } from '@/lib/api-client';
import { formatRupees } from '@/lib/format';
import { useOnline } from '@/lib/offline';
import { useStoreCredit } from '@/lib/store-credit';
import { CheckoutFooter } from './checkout-footer';
import { handleUnauthorized } from '@/lib/session';
import { toast } from '@/lib/toast';
import { useAddresses } from '../api/get-addresses';
import { useShippingQuote } from '../api/get-shipping-quote';
import { usePlaceOrder } from '../api/place-order';
import type { CheckoutRequest } from '../hooks/checkout-store';
import type { BuyerContact } from '../utils/buyer-contact';
import { readCheckoutPrefs, saveCheckoutPrefs } from '../utils/checkout-prefs';
import { AddressPicker } from './address-picker';
import { CheckoutLines, maxQuantity } from './checkout-lines';
import { DeliveryQuote } from './delivery-quote';
import { OrderPlaced, PaymentFailed } from './checkout-result';
import { PaymentMethodPicker } from './payment-method-picker';
import { PaymentStep, type PaymentOutcome } from './payment-step';

const METHODS = ['upi', 'card', 'wallet', 'cod'] as const satisfies readonly PaymentMethod[];

type Phase = { step: 'review' } | { step: 'paying'; result: PlaceOrderResult } | { step: 'placed'; orderId: string } | { step: 'failed' };

type CheckoutSheetProps = {
  request: CheckoutRequest;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** After an order is placed (stock changed): the app refreshes what other features show. */
  onOrderPlaced?: () => void;
  /** The signed-in buyer's name and mobile number, for a first address. */
  contact?: BuyerContact;
  /** Who sells the order and on what terms (issue 28), passed in by the app. */
  renderSoldBy?: (productId: string) => ReactNode;
};

/** Checkout over the stream: product and quantity, address, payment method, then pay. Two taps for a returning shopper. */
export function CheckoutSheet({ request, open, onOpenChange, onOrderPlaced, contact, renderSoldBy }: CheckoutSheetProps) {
  const { t } = useTranslation();
  const online = useOnline();
  const queryClient = useQueryClient();
  const [prefs] = useState(readCheckoutPrefs);
  const [lines, setLines] = useState(() => request.lines.map((line) => ({ ...line, quantity: Math.max(1, Math.min(line.quantity, maxQuantity(line))) })));
  const [chosenAddress, setChosenAddress] = useState<string | null>(null);
  const [picked, setMethod] = useState<PaymentMethod>(prefs.paymentMethod);
  const [phase, setPhase] = useState<Phase>({ step: 'review' });
  const attempt = useRef<{ signature: string; key: string } | null>(null);
  const placeOrder = usePlaceOrder();
  const { data: addresses } = useAddresses();

  // The last used address when it still exists, else the newest saved one.
  const addressId = chosenAddress ?? (addresses?.some((a) => a.id === prefs.addressId) ? prefs.addressId : (addresses?.[0]?.id ?? null));
  const total = lines.reduce((sum, line) => sum + Number(line.price) * line.quantity, 0);
  const soldOut = lines.some((line) => maxQuantity(line) === 0);
  // Store credit is offered when it pays the whole order (issue 26).
  const { data: credit } = useStoreCredit();
  const creditCovers = credit !== undefined && total > 0 && Number(credit.balance) >= total;
  const methods: readonly PaymentMethod[] = creditCovers ? [...METHODS, 'store_credit'] : METHODS;
  // Issue 27: the courier's quote for the chosen address. One parcel per order: a cart of several
  // products is asked about as its first product in the whole quantity (at most the contract's 10).
  const address = addresses?.find((a) => a.id === addressId);
  const first = lines[0];
  const quantity = Math.min(10, lines.reduce((sum, line) => sum + line.quantity, 0));
  const quote = useShippingQuote(address && first ? { productId: first.productId, quantity: Math.max(1, quantity), pincode: address.pincode } : null);
  const noCod = quote.data?.codAvailable === false;
  const undeliverable = quote.data?.deliverable === false;
  const method: PaymentMethod = (picked === 'store_credit' && !creditCovers) || (picked === 'cod' && noCod) ? 'upi' : picked;
  const busy = placeOrder.isPending;

  const refreshAfterOrder = () => {
    void queryClient.invalidateQueries({ queryKey: ['/api/orders'] });
    void queryClient.invalidateQueries({ queryKey: ['/api/cart'] });
    void queryClient.invalidateQueries({ queryKey: ['/api/store-credit'] });
    onOrderPlaced?.();
  };

  const submit = () => {
    if (!addressId) {
      toast({ variant: 'destructive', title: t('checkout.address_required') });
      return;
    }
    if (undeliverable) {
      toast({ variant: 'destructive', title: t('checkout.not_deliverable') });
      return;
    }
    const items = lines.map(({ productId, quantity }) => ({ productId, quantity }));
    // Same products, address and method: the same attempt, so a retry after a lost answer reuses its key.
    const signature = JSON.stringify([items, addressId, method, request.dealId]);
    if (attempt.current?.signature !== signature) attempt.current = { signature, key: crypto.randomUUID() };
    placeOrder.mutate(
      { items, addressId, paymentMethod: method, streamId: request.streamId, source: request.streamId ? request.source : undefined, fromCart: request.fromCart, dealId: request.dealId, idempotencyKey: attempt.current.key },
      {
        onSuccess: (result) => {
          if (method !== 'store_credit') saveCheckoutPrefs({ addressId, paymentMethod: method });
          refreshAfterOrder();
          setPhase(result.payment.provider === 'none' ? { step: 'placed', orderId: result.order.id } : { step: 'paying', result });
        },
        onError: (error) => {
          if (handleUnauthorized(error)) return;
          toast({ variant: 'destructive', title: t('checkout.order_failed'), description: parseApiError(error).userMessage ?? t('checkout.try_again') });
        },
      },
    );
  };

  const onOutcome = (orderId: string) => (outcome: PaymentOutcome) => {
    refreshAfterOrder();
    if (outcome === 'captured') setPhase({ step: 'placed', orderId });
    else {
      // The failed order's stock is released; another try is a new order with a new key.
      attempt.current = null;
      setPhase({ step: 'failed' });
    }
  };

  const close = () => onOpenChange(false);
  const payLabel = method === 'cod' || method === 'store_credit' ? t('checkout.place_order') : t('checkout.pay_amount', { amount: formatRupees(total) });

  return (
    <Sheet
      open={open}
      onOpenChange={onOpenChange}
      title={phase.step === 'paying' ? t('checkout.pay_title') : t('checkout.title')}
      description={t('checkout.description')}
      hideDescription
      footer={
        phase.step === 'review' ? (
          <CheckoutFooter total={total} label={payLabel} busy={busy} disabled={soldOut || !addressId || !online || undeliverable} onSubmit={submit} />
        ) : undefined
      }
    >
      {phase.step === 'review' ? (
        <div className="space-y-5">
          {online ? null : (
            // Issue 25: the order can be checked offline; paying waits for the connection.
            <p role="status" className="flex items-start gap-2 rounded-2xl bg-amber-50 p-3 text-sm text-amber-900">
              <WifiOff className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              <span>
                <strong className="font-semibold">{t('offline.title')}</strong> · {t('checkout.offline_pay')}
              </span>
            </p>
          )}
          <CheckoutLines
            lines={lines}
            disabled={busy}
            onQuantity={request.fromCart ? undefined : (productId, quantity) => setLines((all) => all.map((l) => (l.productId === productId ? { ...l, quantity } : l)))}
          />
          {/* An order has one seller: its first line names them. */}
          {first ? renderSoldBy?.(first.productId) : null}
          <AddressPicker value={addressId} onChange={setChosenAddress} disabled={busy} contact={contact} />
          {address ? <DeliveryQuote quote={quote.data} loading={quote.isLoading} /> : null}
          <PaymentMethodPicker
            methods={methods}
            value={method}
            onChange={setMethod}
            disabled={busy}
            hints={creditCovers ? { store_credit: t('checkout.store_credit_available', { amount: formatRupees(credit.balance) }) } : undefined}
            unavailable={noCod ? { cod: t('checkout.cod_unavailable') } : undefined}
          />
        </div>
      ) : phase.step === 'paying' && phase.result.payment.provider !== 'none' ? (
        <PaymentStep action={phase.result.payment} onOutcome={onOutcome(phase.result.order.id)} />
      ) : phase.step === 'placed' ? (
        <OrderPlaced orderId={phase.orderId} onDone={close} />
      ) : (
        <PaymentFailed onRetry={() => setPhase({ step: 'review' })} />
      )}
    </Sheet>
  );
}
