import type { PaymentAction } from '@live-market/contract/orders';
import type { RazorpayResponse } from '../api/verify-razorpay';

const SCRIPT_URL = 'https://checkout.razorpay.com/v1/checkout.js';

type RazorpayOptions = {
  key: string;
  amount: number;
  currency: string;
  name: string;
  description: string;
  order_id: string;
  prefill: { name: string; contact?: string; email?: string };
  handler: (response: RazorpayResponse) => void;
  modal: { ondismiss: () => void };
  retry: { enabled: boolean };
};
type RazorpayInstance = { open: () => void; on: (event: 'payment.failed', cb: () => void) => void };
type RazorpayConstructor = new (options: RazorpayOptions) => RazorpayInstance;

let loading: Promise<RazorpayConstructor> | undefined;

/** Loads Razorpay Checkout on demand: 60 KB nobody pays for until they pay by Razorpay. */
function loadRazorpay(): Promise<RazorpayConstructor> {
  loading ??= new Promise<RazorpayConstructor>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = SCRIPT_URL;
    script.async = true;
    script.onload = () => {
      const ctor = (window as unknown as { Razorpay?: RazorpayConstructor }).Razorpay;
      if (ctor) resolve(ctor);
      else reject(new Error('Razorpay did not load'));
    };
    script.onerror = () => reject(new Error('Razorpay did not load'));
    document.head.append(script);
  });
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
}

type RazorpayAction = Extract<PaymentAction, { provider: 'razorpay' }>;

/** Opens Razorpay Checkout; resolves with its signed response, or null when the shopper closes it or the payment fails. */
export async function openRazorpay(action: RazorpayAction): Promise<RazorpayResponse | null> {
  const Razorpay = await loadRazorpay();
  return new Promise((resolve) => {
    const checkout = new Razorpay({
      key: action.keyId,
      amount: action.amountPaise,
      currency: action.currency,
      name: action.name,
      description: action.description,
      order_id: action.razorpayOrderId,
      prefill: action.prefill,
      handler: (response) => resolve(response),
      modal: { ondismiss: () => resolve(null) },
      // The server cancels the order on payment.failed; a retry inside Checkout would pay a cancelled order.
      retry: { enabled: false },
    });
    checkout.on('payment.failed', () => resolve(null));
    checkout.open();
  });
}
