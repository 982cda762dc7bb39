import 'virtual:english-load/seller_products';
import { ChevronDown, ChevronUp, PackagePlus, Plus } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DASHBOARD_PRODUCT_LIMIT } from '@live-market/contract/constants';
import type { Product } from '@live-market/contract/products';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useSellerProducts } from '../api/get-seller-products';
import { ProductRow } from './product-row';

// The sheet (vaul, the form, zod) loads when the seller first taps Add Product or Edit.
const ProductSheet = lazy(() => import('./product-sheet').then((m) => ({ default: m.ProductSheet })));

type Editing = { product: Product | null; key: number };

/** The dashboard's product list: the first 5, 'View All Products' to show the rest in place, Add Product and Edit. */
type SellerProductsProps = {
  sellerId: string;
  storeCategory: string | null;
  /** After a save (the product list and dashboard figures refresh themselves). */
  onSaved?: (product: Product) => void;
};

export function SellerProducts({ sellerId, storeCategory, onSaved }: SellerProductsProps) {
  const { t } = useTranslation();
  const { data: products, isLoading, isError, refetch } = useSellerProducts(sellerId);
  const [expanded, setExpanded] = useState(false);
  const [open, setOpen] = useState(false);
  const [editing, setEditing] = useState<Editing | null>(null);

  const openSheet = (product: Product | null) => {
    setEditing((previous) => ({ product, key: (previous?.key ?? 0) + 1 }));
    setOpen(true);
  };

  const list = products ?? [];
  const shown = expanded ? list : list.slice(0, DASHBOARD_PRODUCT_LIMIT);
  const hasMore = list.length > DASHBOARD_PRODUCT_LIMIT;

  return (
    <Card className="p-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="min-w-0 text-lg font-bold">
          {t('seller_products.title')}
          {products ? <span className="ml-2 text-sm font-medium text-muted-foreground">({list.length})</span> : null}
        </h2>
        <Button size="sm" onClick={() => openSheet(null)}>
          <Plus aria-hidden="true" />
          {t('seller_products.add')}
        </Button>
      </div>

      {isLoading ? (
        <div className="mt-4 space-y-3">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-16" />
          ))}
        </div>
      ) : isError ? (
        <div className="mt-4 space-y-3 text-sm text-muted-foreground">
          <p role="alert">{t('seller_products.load_error')}</p>
          <Button variant="outline" size="sm" onClick={() => void refetch()}>
            {t('seller_products.try_again')}
          </Button>
        </div>
      ) : list.length === 0 ? (
        <div className="mt-4 flex flex-col items-center gap-2 rounded-2xl bg-muted/50 p-6 text-center">
          <PackagePlus className="size-8 text-primary" aria-hidden="true" />
          <p className="font-semibold">{t('seller_products.empty_title')}</p>
          <p className="text-sm text-muted-foreground">{t('seller_products.empty_body')}</p>
        </div>
      ) : (
        <>
          <ul className="mt-2 divide-y" aria-label={t('seller_products.title')}>
            {shown.map((product) => (
              <ProductRow key={product.id} product={product} onEdit={openSheet} />
            ))}
          </ul>
          {hasMore ? (
            <Button variant="outline" className="mt-3 w-full" aria-expanded={expanded} onClick={() => setExpanded((value) => !value)}>
              {expanded ? <ChevronUp aria-hidden="true" /> : <ChevronDown aria-hidden="true" />}
              {expanded ? t('seller_products.show_less') : t('seller_products.view_all')}
            </Button>
          ) : null}
        </>
      )}

      {editing ? (
        <Suspense fallback={null}>
          <ProductSheet open={open} onOpenChange={setOpen} product={editing.product} storeCategory={storeCategory} formKey={editing.key} onSaved={onSaved} />
        </Suspense>
      ) : null}
    </Card>
  );
}
