import 'virtual:english-load/checkout';
import type { PaymentMethod } from '@live-market/contract/catalog';

// Two taps for a returning shopper: the sheet opens with the last address and payment method.
const KEY = 'checkout.last';
const METHODS: readonly string[] = ['upi', 'card', 'wallet', 'cod'];

// Store credit is not remembered: it is offered only when it covers the order at hand.
export type CheckoutPrefs = { addressId: string | null; paymentMethod: Exclude<PaymentMethod, 'store_credit'> };
const DEFAULTS: CheckoutPrefs = { addressId: null, paymentMethod: 'upi' };

export function readCheckoutPrefs(): CheckoutPrefs {
  try {
    const raw: unknown = JSON.parse(window.localStorage.getItem(KEY) ?? 'null');
    if (!raw || typeof raw !== 'object') return DEFAULTS;
    const { addressId, paymentMethod } = raw as Record<string, unknown>;
    return {
      addressId: typeof addressId === 'string' ? addressId : null,
      paymentMethod: typeof paymentMethod === 'string' && METHODS.includes(paymentMethod) ? (paymentMethod as CheckoutPrefs['paymentMethod']) : DEFAULTS.paymentMethod,
    };
  } catch {
    return DEFAULTS;
  }
}

export function saveCheckoutPrefs(prefs: CheckoutPrefs): void {
  try {
    window.localStorage.setItem(KEY, JSON.stringify(prefs));
  } catch {
    // Private mode or a full storage: the choice is simply not remembered.
  }
}
