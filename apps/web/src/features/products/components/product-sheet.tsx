import '../i18n';
import { ShoppingBag } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Product } from '@live-market/contract/products';
import { Button } from '@/components/ui/button';
import { ProductImage } from '@/components/ui/product-image';
import { Sheet } from '@/components/ui/sheet';
import { parseApiError } from '@/lib/api-client';
import { formatRupees } from '@/lib/format';
import { percentOff } from '@/lib/price';
import { useProductPage } from '../api/get-product-page';
import { ProductFacts } from './product-facts';

/** Stock a shopper is told about: the server's count, never a made-up "selling fast" (Dark Patterns Guidelines 2023). */
const FEW_LEFT = 5;

type ProductSheetProps = {
  product: Product;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Buy Now: the app closes the sheet and opens the checkout. */
  onBuy: () => void;
  /** The store's rating, on-time shipping and cancellations, passed in by the app. */
  renderTrust?: (sellerId: string, storeName: string) => ReactNode;
};

/** A product's page over the show: photo, price against MRP, stock, description, origin, returns, and who sells it. */
export function ProductSheet({ product: opened, open, onOpenChange, onBuy, renderTrust }: ProductSheetProps) {
  const { t } = useTranslation();
  const { data, error } = useProductPage(opened.id);
  // The server's copy once it answers (the stock may have moved since the card was drawn).
  const product = data?.product ?? opened;
  const gone = error ? parseApiError(error).status === 404 : false;
  const off = percentOff(product.price, product.originalPrice);
  const stock = product.stockQuantity;

  return (
    <Sheet
      open={open}
      onOpenChange={onOpenChange}
      title={product.name}
      description={t('product_page.details')}
      hideDescription
      footer={
        <Button
          className="w-full"
          disabled={stock === 0 || gone}
          onClick={onBuy}
        >
          <ShoppingBag aria-hidden="true" />
          {t('common.buy_now')}
        </Button>
      }
    >
      <div className="space-y-4">
        <ProductImage src={product.imageUrl} className="aspect-square w-full rounded-2xl" sizes="(min-width: 512px) 480px, 100vw" />
        <div className="space-y-1">
          <p className="flex flex-wrap items-baseline gap-x-2">
            <span className="text-2xl font-bold">{formatRupees(product.price)}</span>
            {off !== null && product.originalPrice ? (
              <>
                <span className="text-sm text-muted-foreground">
                  {t('product_page.mrp')} <s>{formatRupees(product.originalPrice)}</s>
                </span>
                <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-800">{t('price.percent_off', { percent: off })}</span>
              </>
            ) : null}
          </p>
          <p className="text-xs text-muted-foreground">{t('product_page.inclusive')}</p>
          {gone ? (
            <p role="status" className="text-sm font-semibold text-destructive">
              {t('product_page.unavailable')}
            </p>
          ) : stock === 0 ? (
            <p className="text-sm font-semibold text-destructive">{t('product_page.out_of_stock')}</p>
          ) : stock <= FEW_LEFT ? (
            <p className="text-sm font-semibold text-amber-700">{t('product_page.units_left', { units: stock })}</p>
          ) : null}
        </div>
        {product.description ? <p className="text-sm whitespace-pre-line text-muted-foreground">{product.description}</p> : null}
        {gone ? null : (
          <ProductFacts product={product} soldBy={data ? data.soldBy : error ? null : undefined} trust={data ? renderTrust?.(data.soldBy.sellerId, data.soldBy.storeName) : undefined} />
        )}
      </div>
    </Sheet>
  );
}
