import 'virtual:english-load/orders';
import { FileText, ReceiptText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { OrderDetail } from '@live-market/contract/orders';
import { buttonVariants } from '@/components/ui/button';
import { ORDERS_URL } from '../api/get-orders';

/** The GST invoice (once paid; COD once delivered) and the credit note of a refund: PDFs, opened in a new tab. */
export function OrderDocuments({ order }: { order: Pick<OrderDetail, 'id' | 'hasInvoice' | 'hasCreditNote'> }) {
  const { t } = useTranslation();
  if (!order.hasInvoice && !order.hasCreditNote) return null;
  const link = buttonVariants({ variant: 'outline', size: 'sm', className: 'flex-1' });
  return (
    <div className="flex flex-wrap gap-2">
      {order.hasInvoice ? (
        <a href={`${ORDERS_URL}/${order.id}/invoice`} target="_blank" rel="noopener" className={link}>
          <FileText aria-hidden="true" />
          {t('orders.download_invoice')}
        </a>
      ) : null}
      {order.hasCreditNote ? (
        <a href={`${ORDERS_URL}/${order.id}/credit-note`} target="_blank" rel="noopener" className={link}>
          <ReceiptText aria-hidden="true" />
          {t('orders.credit_note')}
        </a>
      ) : null}
    </div>
  );
}
