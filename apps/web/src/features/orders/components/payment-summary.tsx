import { useTranslation } from 'react-i18next';
import type { Order } from '@live-market/contract/orders';
import { PAYMENT_METHOD_KEYS, paymentStatusKey } from '@/lib/orders';

/** 'UPI · Paid', 'Cash on Delivery · Pending': the method, then the payment status (SPEC default 'Pending'). */
export function PaymentSummary({ order }: { order: Pick<Order, 'paymentMethod' | 'paymentStatus'> }) {
  const { t } = useTranslation();
  const status = t(paymentStatusKey(order.paymentStatus));
  return <>{order.paymentMethod ? `${t(PAYMENT_METHOD_KEYS[order.paymentMethod])} · ${status}` : status}</>;
}
