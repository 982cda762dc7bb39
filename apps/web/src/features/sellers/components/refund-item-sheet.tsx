import 'virtual:english-load/seller_orders';
import { Loader2 } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderItem } from '@live-market/contract/orders';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Sheet } from '@/components/ui/sheet';
import { Textarea } from '@/components/ui/textarea';
import { formatRupees } from '@/lib/format';

/** RefundItemBody's limit on the reason (the server checks it again). */
const REASON_MAX = 500;

type RefundItemSheetProps = {
  item: OrderItem;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  pending: boolean;
  onConfirm: (reason: string | undefined) => void;
};

/** 'Refund this item?' with an optional reason the buyer is shown; the refund itself is automatic. */
export function RefundItemSheet({ item, open, onOpenChange, pending, onConfirm }: RefundItemSheetProps) {
  const { t } = useTranslation();
  const reasonId = useId();
  const [reason, setReason] = useState('');
  return (
    <Sheet
      open={open}
      onOpenChange={onOpenChange}
      title={t('seller_orders.refund_item_title', { name: item.name })}
      description={t('seller_orders.refund_item_body', { amount: formatRupees(Number(item.unitPrice) * item.quantity) })}
      footer={
        <div className="flex gap-2">
          <Button variant="outline" className="flex-1" onClick={() => onOpenChange(false)} disabled={pending}>
            {t('seller_orders.keep_item')}
          </Button>
          <Button variant="destructive" className="flex-1" onClick={() => onConfirm(reason.trim() || undefined)} disabled={pending} aria-busy={pending}>
            {pending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
            {t('seller_orders.yes_refund')}
          </Button>
        </div>
      }
    >
      <div className="space-y-2">
        <Label htmlFor={reasonId}>{t('seller_orders.refund_reason')}</Label>
        <Textarea
          id={reasonId}
          rows={2}
          maxLength={REASON_MAX}
          placeholder={t('seller_orders.refund_reason_placeholder')}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          disabled={pending}
        />
      </div>
    </Sheet>
  );
}
