import { ShoppingBag } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Product } from '@live-market/contract/products';
import { Button } from '@/components/ui/button';
import { PriceTag } from '@/components/ui/price-tag';
import { ProductImage } from '@/components/ui/product-image';
import { Sheet } from '@/components/ui/sheet';
import { cn } from '@/lib/utils';

type QuickBuySheetProps = { product: Product | null; open: boolean; onOpenChange: (open: boolean) => void };

/** Quick Buy: the product at a glance in a bottom sheet. Checkout itself comes with the orders issue. */
export function QuickBuySheet({ product, open, onOpenChange }: QuickBuySheetProps) {
  const { t } = useTranslation();
  const inStock = (product?.stockQuantity ?? 0) > 0;
  return (
    <Sheet
      open={open && product !== null}
      onOpenChange={onOpenChange}
      title={product?.name ?? t('stream.quick_buy')}
      description={t('stream.quick_buy')}
      hideDescription
      footer={
        <div className="space-y-2">
          <Button size="lg" className="w-full" disabled aria-describedby="quick-buy-note">
            <ShoppingBag aria-hidden="true" />
            {t('common.buy_now')}
          </Button>
          <p id="quick-buy-note" className="text-center text-xs text-muted-foreground">
            {t('stream.checkout_soon')}
          </p>
        </div>
      }
    >
      {product ? (
        <div className="space-y-4">
          <ProductImage src={product.imageUrl} className="aspect-[4/3] w-full rounded-2xl" />
          <PriceTag price={product.price} originalPrice={product.originalPrice} size="lg" />
          <p className={cn('text-sm font-semibold', inStock ? 'text-emerald-700' : 'text-destructive')}>
            {inStock ? t('stream.in_stock', { count: product.stockQuantity }) : t('stream.out_of_stock')}
          </p>
          {product.description ? <p className="text-sm leading-relaxed text-muted-foreground">{product.description}</p> : null}
        </div>
      ) : null}
    </Sheet>
  );
}
