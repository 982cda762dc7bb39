import 'virtual:english-load/checkout';
import 'virtual:english-load/orders';
import { CircleCheck, CircleX, RotateCcw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Button, buttonVariants } from '@/components/ui/button';
import { orderNumber } from '@/lib/orders';

/** 'Order placed' with the order number and a link to /orders. */
export function OrderPlaced({ orderId, onDone }: { orderId: string; onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <div role="status" className="flex flex-col items-center gap-3 py-6 text-center">
      <CircleCheck className="size-14 text-emerald-600" aria-hidden="true" />
      <p className="text-xl font-bold">{t('checkout.order_placed')}</p>
      <p className="font-mono text-sm text-muted-foreground">{t('orders.order_number', { number: orderNumber(orderId) })}</p>
      <Link href="/orders" onClick={onDone} className={buttonVariants({ variant: 'outline', className: 'mt-2' })}>
        {t('checkout.view_orders')}
      </Link>
      <Button variant="ghost" onClick={onDone}>
        {t('checkout.keep_watching')}
      </Button>
    </div>
  );
}

/** The payment failed or was cancelled; stock is released by the server, so trying again starts a new attempt. */
export function PaymentFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div role="alert" className="flex flex-col items-center gap-3 py-6 text-center">
      <CircleX className="size-14 text-destructive" aria-hidden="true" />
      <p className="text-xl font-bold">{t('checkout.payment_failed_title')}</p>
      <p className="text-sm text-muted-foreground">{t('checkout.payment_failed_body')}</p>
      <Button onClick={onRetry} className="mt-2">
        <RotateCcw aria-hidden="true" />
        {t('checkout.try_again_button')}
      </Button>
    </div>
  );
}
