import 'virtual:english-load/checkout';
import { Loader2, ShieldCheck } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { PaymentAction } from '@live-market/contract/orders';
import { usePaymentPolling } from '../api/get-payment';
import { verifyRazorpay } from '../api/verify-razorpay';
import { openRazorpay } from '../utils/razorpay';

export type PaymentOutcome = 'captured' | 'failed';
type OnlineAction = Exclude<PaymentAction, { provider: 'none' }>;

/**
 * Pays an order or a coin pack: the built-in test gateway in an iframe, or Razorpay Checkout.
 * Either way the outcome is read back from the server, so a forged message cannot fake a payment.
 */
export function PaymentStep({ action, onOutcome }: { action: OnlineAction; onOutcome: (outcome: PaymentOutcome) => void }) {
  return action.provider === 'simulated' ? <SimulatedGateway action={action} onOutcome={onOutcome} /> : <RazorpayCheckout action={action} onOutcome={onOutcome} />;
}

function useReportOnce(onOutcome: (outcome: PaymentOutcome) => void) {
  const reported = useRef(false);
  const latest = useRef(onOutcome);
  useEffect(() => {
    latest.current = onOutcome;
  });
  return (outcome: PaymentOutcome) => {
    if (reported.current) return;
    reported.current = true;
    latest.current(outcome);
  };
}

function SimulatedGateway({ action, onOutcome }: { action: Extract<PaymentAction, { provider: 'simulated' }>; onOutcome: (outcome: PaymentOutcome) => void }) {
  const { t } = useTranslation();
  const payment = usePaymentPolling(action.paymentId);
  const report = useReportOnce(onOutcome);
  const { refetch } = payment;
  const status = payment.data?.status;

  // The gateway page posts {type: 'payment_result'} when the shopper approves or fails: ask the
  // server at once instead of waiting for the next 2-second poll.
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin) return;
      const data = event.data as { type?: unknown; paymentId?: unknown } | null;
      if (data?.type === 'payment_result' && data.paymentId === action.paymentId) void refetch();
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [refetch, action.paymentId]);

  useEffect(() => {
    if (status === 'captured' || status === 'failed') report(status);
  }, [status, report]);

  return (
    <div className="space-y-2">
      <p className="flex items-center gap-1.5 text-xs text-muted-foreground">
        <ShieldCheck className="size-4 text-emerald-600" aria-hidden="true" />
        {t('checkout.test_gateway_note')}
      </p>
      <iframe src={action.gatewayUrl} title={t('checkout.gateway_title')} className="h-[26rem] w-full rounded-2xl border bg-white" />
    </div>
  );
}

function RazorpayCheckout({ action, onOutcome }: { action: Extract<PaymentAction, { provider: 'razorpay' }>; onOutcome: (outcome: PaymentOutcome) => void }) {
  const { t } = useTranslation();
  const report = useReportOnce(onOutcome);
  const started = useRef(false);

  useEffect(() => {
    // Strict Mode mounts twice in development; Razorpay must open once.
    if (started.current) return;
    started.current = true;
    void (async () => {
      try {
        const response = await openRazorpay(action);
        if (!response) return report('failed');
        const payment = await verifyRazorpay(response);
        report(payment.status === 'captured' ? 'captured' : 'failed');
      } catch {
        report('failed');
      }
    })();
  }, [action, report]);

  return (
    <p role="status" className="flex items-center justify-center gap-2 py-10 text-sm text-muted-foreground">
      <Loader2 className="size-5 animate-spin" aria-hidden="true" />
      {t('checkout.opening_razorpay')}
    </p>
  );
}
