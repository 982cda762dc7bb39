import 'virtual:english-load/orders';
import { Loader2 } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderDetail } from '@live-market/contract/orders';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { formatRupees } from '@/lib/format';

/** CancelOrderBody's limit on the reason (the server checks it again). */
export const CANCEL_REASON_MAX = 500;

type CancelOrderConfirmProps = {
  order: Pick<OrderDetail, 'paymentStatus' | 'totalAmount'>;
  pending: boolean;
  onConfirm: (reason: string | undefined) => void;
  onKeep: () => void;
};

/** 'Cancel this order?' inside the order's sheet, with an optional reason; a paid order says its money comes back by itself. */
export function CancelOrderConfirm({ order, pending, onConfirm, onKeep }: CancelOrderConfirmProps) {
  const { t } = useTranslation();
  const reasonId = useId();
  const [reason, setReason] = useState('');
  return (
    <div role="alertdialog" aria-label={t('orders.cancel_confirm')} className="space-y-3 rounded-2xl border border-destructive/30 bg-red-50 p-3">
      <p className="text-sm font-semibold">{t('orders.cancel_confirm')}</p>
      {order.paymentStatus === 'paid' ? <p className="text-sm">{t('orders.cancel_refund_note', { amount: formatRupees(order.totalAmount) })}</p> : null}
      <div className="space-y-2">
        <Label htmlFor={reasonId}>{t('orders.cancel_reason')}</Label>
        <Textarea
          id={reasonId}
          rows={2}
          maxLength={CANCEL_REASON_MAX}
          placeholder={t('orders.cancel_reason_placeholder')}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          disabled={pending}
        />
      </div>
      <div className="flex gap-2">
        <Button variant="outline" className="flex-1" onClick={onKeep} disabled={pending}>
          {t('orders.keep_order')}
        </Button>
        <Button variant="destructive" className="flex-1" onClick={() => onConfirm(reason.trim() || undefined)} disabled={pending} aria-busy={pending}>
          {pending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
          {t('orders.yes_cancel')}
        </Button>
      </div>
    </div>
  );
}
