import 'virtual:english-load/seller_products';
import { Pencil } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Product } from '@live-market/contract/products';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { PriceTag } from '@/components/ui/price-tag';
import { ProductImage } from '@/components/ui/product-image';
import { formatCount } from '@/lib/format';

/** One product on the dashboard: photo, name, price, stock, whether it is active, and Edit. */
export function ProductRow({ product, onEdit }: { product: Product; onEdit: (product: Product) => void }) {
  const { t } = useTranslation();
  return (
    <li className="flex items-center gap-3 py-3">
      <ProductImage src={product.imageUrl} className="size-16 shrink-0 rounded-xl" />
      <div className="min-w-0 flex-1">
        <p className="line-clamp-2 font-semibold leading-snug break-words">{product.name}</p>
        <PriceTag price={product.price} originalPrice={product.originalPrice} />
        <div className="mt-1 flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
          <span>{t('seller_products.stock', { stock: formatCount(product.stockQuantity) })}</span>
          <span aria-hidden="true">·</span>
          <span>{t(`product_categories.${product.category}`)}</span>
          {product.isActive ? null : <Badge variant="outline">{t('seller_products.inactive')}</Badge>}
        </div>
      </div>
      <Button variant="outline" size="sm" onClick={() => onEdit(product)} aria-label={t('seller_products.edit_named', { name: product.name })}>
        <Pencil aria-hidden="true" />
        {t('seller_products.edit')}
      </Button>
    </li>
  );
}
