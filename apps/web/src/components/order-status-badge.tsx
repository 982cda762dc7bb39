import 'virtual:english-load/orders';
import { Bike, CheckCircle2, Clock, PackageCheck, PackageX, Truck, Undo2, XCircle, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { OrderStatus } from '@live-market/contract/catalog';
import { displayStatus } from '@/lib/orders';
import { cn } from '@/lib/utils';

// SPEC section 4: each status has its own badge colour and icon. Shared by the shopper's orders
// and the seller's order list.
const LOOK: Record<OrderStatus, { icon: LucideIcon; className: string }> = {
  pending: { icon: Clock, className: 'bg-amber-100 text-amber-800' },
  confirmed: { icon: CheckCircle2, className: 'bg-sky-100 text-sky-800' },
  shipped: { icon: Truck, className: 'bg-violet-100 text-violet-800' },
  out_for_delivery: { icon: Bike, className: 'bg-indigo-100 text-indigo-800' },
  delivered: { icon: PackageCheck, className: 'bg-emerald-100 text-emerald-800' },
  // Issue 27: the courier's failures are not the buyer's cancellations, so neither takes red.
  delivery_failed: { icon: PackageX, className: 'bg-orange-100 text-orange-800' },
  returned_to_origin: { icon: Undo2, className: 'bg-stone-200 text-stone-800' },
  cancelled: { icon: XCircle, className: 'bg-red-100 text-red-800' },
};

export function OrderStatusBadge({ status, className }: { status: string | null | undefined; className?: string }) {
  const { t } = useTranslation();
  const shown = displayStatus(status);
  const { icon: Icon, className: look } = LOOK[shown];
  return (
    <span data-status={shown} className={cn('inline-flex items-center gap-1 rounded-full px-2.5 py-1 text-xs font-semibold', look, className)}>
      <Icon className="size-3.5" aria-hidden="true" />
      {t(`orders.status_${shown}`)}
    </span>
  );
}
