import 'virtual:english-load/checkout';
import { useTranslation } from 'react-i18next';
import type { CART_MAX_QUANTITY } from '@live-market/contract/orders';
import { ProductImage } from '@/components/ui/product-image';
import { QuantityStepper } from '@/components/ui/quantity-stepper';
import { formatRupees } from '@/lib/format';
import type { CheckoutLine } from '../hooks/checkout-store';

// The contract's value, typed from it: importing the value would pull zod into the checkout chunk,
// which a returning shopper (no address form) never needs.
const MAX_PER_PRODUCT: typeof CART_MAX_QUANTITY = 10;

/** Most one can order: what is in stock, and never more than CART_MAX_QUANTITY. */
export function maxQuantity(line: Pick<CheckoutLine, 'stockQuantity'>): number {
  return Math.max(0, Math.min(line.stockQuantity, MAX_PER_PRODUCT));
}

type CheckoutLinesProps = {
  lines: CheckoutLine[];
  /** Buy Now and Quick Buy choose the quantity here; the cart's were chosen in the cart. */
  onQuantity?: (productId: string, quantity: number) => void;
  disabled?: boolean;
};

export function CheckoutLines({ lines, onQuantity, disabled }: CheckoutLinesProps) {
  const { t } = useTranslation();
  return (
    <ul className="space-y-3" aria-label={t('checkout.items')}>
      {lines.map((line) => {
        const max = maxQuantity(line);
        return (
          <li key={line.productId} className="flex gap-3">
            <ProductImage src={line.imageUrl} className="size-16 shrink-0 rounded-xl" />
            <div className="flex min-w-0 flex-1 flex-col gap-1">
              <p className="line-clamp-2 text-sm leading-snug font-semibold">{line.name}</p>
              <p className="text-sm text-muted-foreground">{formatRupees(line.price)}</p>
              {max === 0 ? <p className="text-sm font-semibold text-destructive">{t('checkout.out_of_stock')}</p> : null}
            </div>
            {onQuantity && max > 0 ? (
              <QuantityStepper
                className="self-center"
                value={line.quantity}
                max={max}
                disabled={disabled}
                onChange={(quantity) => onQuantity(line.productId, quantity)}
                label={t('checkout.quantity_of', { name: line.name })}
              />
            ) : (
              <span className="self-center text-sm font-semibold tabular-nums">× {line.quantity}</span>
            )}
          </li>
        );
      })}
    </ul>
  );
}
