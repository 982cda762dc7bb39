import 'virtual:english-load/orders';
import { useTranslation } from 'react-i18next';
import type { OrderSummary } from '@live-market/contract/orders';
import { ProductImage } from '@/components/ui/product-image';

/** How many products an order card names; the rest are counted ("+2 more"). */
export const ORDER_CARD_ITEMS = 2;

/** Issue 25: what was bought, with its photo, so an order is recognised without opening it. */
export function OrderCardItems({ order }: { order: Pick<OrderSummary, 'items' | 'storeName'> }) {
  const { t } = useTranslation();
  const more = order.items.length - ORDER_CARD_ITEMS;
  if (!order.items.length) return null;
  return (
    <ul className="space-y-2" aria-label={t('orders.items')}>
      {order.items.slice(0, ORDER_CARD_ITEMS).map((item, index) => (
        <li key={`${item.productId ?? 'gone'}-${index}`} className="flex items-center gap-3">
          <ProductImage src={item.imageUrl} sizes="56px" className="size-14 shrink-0 rounded-xl" />
          <span className="min-w-0 flex-1 text-sm">
            <span className="line-clamp-2 font-medium break-words">{item.name}</span>
            <span className="text-muted-foreground">× {item.quantity}</span>
          </span>
        </li>
      ))}
      {more > 0 ? <li className="pl-[4.25rem] text-sm text-muted-foreground">{t('orders.more_items', { count: more })}</li> : null}
    </ul>
  );
}
