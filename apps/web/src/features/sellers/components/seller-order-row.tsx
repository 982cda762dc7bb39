import 'virtual:english-load/seller_orders';
import 'virtual:english-load/orders';
import { ChevronDown, ChevronUp, Clock, FileText, Truck, XCircle } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderDetail, OrderItem } from '@live-market/contract/orders';
import { OrderStatusBadge } from '@/components/order-status-badge';
import { Button } from '@/components/ui/button';
import { formatRupees } from '@/lib/format';
import { useStateName } from '@/lib/indian-states';
import { formatDate } from '@/lib/format-date';
import { displayStatus, orderNumber } from '@/lib/orders';
import { SellerOrderItems } from './seller-order-items';
import { SellerReturn } from './seller-return';

type SellerOrderRowProps = {
  order: OrderDetail;
  /** The seller's user id: the key of the order list a return's answer refreshes. */
  userId: string;
  busy: boolean;
  /** Issue 27: books the courier for a confirmed order not yet in a parcel. */
  onShip: () => void;
  onCancel: () => void;
  /** Issue 26: refund one item of several. */
  onRefundItem: (item: OrderItem) => void;
};

/**
 * One order for the seller: buyer, items, total and status; the address on expand; the next action for
 * its status. Issue 26: 'Refund item' per item, refunded items marked, the invoice, the cancel reason.
 * Issue 27: 'Ship' books the courier; a shipped order shows its courier, tracking number and label; a
 * large cash-on-delivery order waits for the buyer's confirmation first; a return is answered here.
 */
export function SellerOrderRow({ order, userId, busy, onShip, onCancel, onRefundItem }: SellerOrderRowProps) {
  const { t } = useTranslation();
  const stateName = useStateName();
  const [expanded, setExpanded] = useState(false);
  const status = displayStatus(order.status);
  const number = orderNumber(order.id);
  const { address } = order;
  const detailsId = `seller-order-${order.id}`;
  const { parcel } = order;
  // Once in a parcel, nobody can cancel it: the courier has it (or is coming for it).
  const cancellable = (status === 'pending' || status === 'confirmed') && !parcel;
  // The server refuses to ship a large cash-on-delivery order until the buyer confirms it (or it lapses).
  const awaitingBuyer = order.codConfirmation !== null && !order.codConfirmation.confirmed;
  const shippable = status === 'confirmed' && !parcel && !awaitingBuyer;

  return (
    <li className="space-y-2 py-3" aria-label={t('orders.order_number', { number })}>
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-mono text-sm font-bold">{t('orders.order_number', { number })}</p>
          <p className="text-xs text-muted-foreground">
            {order.buyerName} · {formatDate(order.createdAt) ?? t('orders.date_not_available')}
          </p>
        </div>
        <OrderStatusBadge status={order.status} />
      </div>
      <SellerOrderItems order={order} busy={busy} onRefund={onRefundItem} />
      {status === 'cancelled' && order.cancelReason ? <p className="text-xs break-words text-muted-foreground">{t('orders.cancel_reason_shown', { reason: order.cancelReason })}</p> : null}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <strong className="tabular-nums">{formatRupees(order.totalAmount)}</strong>
        {order.hasInvoice ? (
          <a href={`/api/orders/${order.id}/invoice`} target="_blank" rel="noopener" className="inline-flex h-9 items-center gap-1 text-sm font-medium text-primary">
            <FileText className="size-4" aria-hidden="true" />
            {t('seller_orders.invoice')}
          </a>
        ) : null}
        <button type="button" className="inline-flex h-9 items-center gap-1 text-sm font-medium text-primary" aria-expanded={expanded} aria-controls={detailsId} onClick={() => setExpanded((e) => !e)}>
          {expanded ? <ChevronUp className="size-4" aria-hidden="true" /> : <ChevronDown className="size-4" aria-hidden="true" />}
          {t('seller_orders.address')}
        </button>
      </div>
      {expanded ? (
        <address id={detailsId} className="rounded-xl bg-muted/50 p-3 text-sm not-italic">
          {address ? (
            <>
              <span className="block font-medium">
                {address.name} · {address.phone}
              </span>
              {[address.line1, address.line2, address.city].filter(Boolean).join(', ')}, {stateName(address.state)} {address.pincode}
            </>
          ) : (
            t('seller_orders.no_address')
          )}
        </address>
      ) : null}
      {parcel?.awb ? (
        <div className="space-y-1 rounded-xl bg-muted/50 p-3 text-sm">
          {parcel.orderIds.length > 1 ? <p className="font-medium">{t('seller_orders.shipped_together', { n: parcel.orderIds.length })}</p> : null}
          <p>{t('orders.courier', { carrier: parcel.carrier })}</p>
          <p className="font-mono">{t('orders.tracking_number', { number: parcel.awb })}</p>
          <a href={`/api/orders/${order.id}/label`} target="_blank" rel="noopener" className="inline-flex h-9 items-center gap-1 font-medium text-primary">
            <FileText className="size-4" aria-hidden="true" />
            {t('seller_orders.label')}
          </a>
        </div>
      ) : null}
      {order.returnStatus ? <SellerReturn orderId={order.id} status={order.returnStatus} userId={userId} /> : null}
      {status === 'confirmed' && !parcel && awaitingBuyer ? (
        <p role="status" className="flex items-center gap-1.5 text-sm font-medium text-amber-800">
          <Clock className="size-4 shrink-0" aria-hidden="true" />
          {t('seller_orders.cod_waiting')}
        </p>
      ) : null}
      {shippable || cancellable ? (
        <div className="flex flex-wrap gap-2">
          {shippable ? (
            <Button size="sm" onClick={onShip} disabled={busy}>
              <Truck aria-hidden="true" />
              {t('seller_orders.ship')}
            </Button>
          ) : null}
          {cancellable ? (
            <Button size="sm" variant="outline" className="text-destructive" onClick={onCancel} disabled={busy}>
              <XCircle aria-hidden="true" />
              {t('orders.cancel_order')}
            </Button>
          ) : null}
        </div>
      ) : null}
      {status === 'pending' ? <p className="text-xs text-muted-foreground">{t('seller_orders.awaiting_payment')}</p> : null}
    </li>
  );
}
