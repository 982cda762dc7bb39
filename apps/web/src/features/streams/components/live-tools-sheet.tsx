import '../broadcast-i18n';
import { Sparkles } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Product } from '@live-market/contract/products';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { PriceTag } from '@/components/ui/price-tag';
import { ProductImage } from '@/components/ui/product-image';
import { Sheet } from '@/components/ui/sheet';
import { Skeleton } from '@/components/ui/skeleton';
import { useStreamProducts } from '../api/get-stream-products';
import { useRoomStatus } from '../hooks/use-stream-room';
import type { LiveToolsProps } from './live-tools';

type LiveToolsSheetProps = LiveToolsProps & { streamId: string; open: boolean; onOpenChange: (open: boolean) => void };

// The same shape as the selling feature's Flash deal and Auction buttons beside it: three in a row.
const TOOL = 'min-h-12 flex-col gap-0.5 px-1 py-1 text-xs';

function ToolsRow({ product, isFeatured, canFeature, onFeature, actions }: { product: Product; isFeatured: boolean; canFeature: boolean; onFeature: () => void; actions: ReactNode }) {
  const { t } = useTranslation();
  return (
    <article aria-label={product.name} className="rounded-2xl border bg-card p-3 shadow-sm">
      <div className="flex items-center gap-3">
        <ProductImage src={product.imageUrl} className="size-14 shrink-0 rounded-xl" sizes="56px" />
        <div className="min-w-0 flex-1">
          <h3 className="line-clamp-2 text-sm font-semibold leading-snug">{product.name}</h3>
          <PriceTag price={product.price} originalPrice={product.originalPrice} className="mt-0.5" />
        </div>
        {isFeatured ? (
          <Badge variant="secondary" className="shrink-0">
            {t('stream.featured')}
          </Badge>
        ) : null}
      </div>
      <div className="mt-3 grid grid-cols-3 gap-1.5">
        <Button variant={isFeatured ? 'secondary' : 'outline'} className={TOOL} onClick={onFeature} disabled={!canFeature}>
          <Sparkles className="text-amber-600" aria-hidden="true" />
          {isFeatured ? t('stream.clear_featured') : t('stream.feature')}
        </Button>
        {/* The same height as Feature when a label takes two lines. */}
        <div className="col-span-2 *:h-full">{actions}</div>
      </div>
    </article>
  );
}

/** The show's products, each with Feature (or Stop featuring), Flash deal and Auction, in a bottom sheet. */
export function LiveToolsSheet({ streamId, open, onOpenChange, featuredId, onFeature, renderActions }: LiveToolsSheetProps) {
  const { t } = useTranslation();
  const { data: products, isLoading, error } = useStreamProducts(streamId);
  // A Feature tap while the live connection is down would reach no one (as on the product cards).
  const canFeature = useRoomStatus(true) === 'open';

  return (
    <Sheet open={open} onOpenChange={onOpenChange} title={t('broadcast.tools_title')} description={t('broadcast.tools_description')}>
      {isLoading ? (
        <div className="space-y-3" aria-busy="true" aria-label={t('common.loading')}>
          <Skeleton className="h-32 rounded-2xl" />
          <Skeleton className="h-32 rounded-2xl" />
        </div>
      ) : error ? (
        <p className="text-sm text-muted-foreground">{t('stream.products_error')}</p>
      ) : products && products.length > 0 ? (
        <ul className="space-y-3">
          {products.map((product) => {
            const isFeatured = featuredId === product.id;
            return (
              <li key={product.id}>
                <ToolsRow
                  product={product}
                  isFeatured={isFeatured}
                  canFeature={canFeature}
                  // Featured (or cleared) for everyone: back to the show, where it now shows.
                  onFeature={() => {
                    onFeature(isFeatured ? null : product);
                    onOpenChange(false);
                  }}
                  // A deal or an auction started from here: back to the show, where its banner now runs.
                  actions={renderActions?.(product, () => onOpenChange(false))}
                />
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="rounded-2xl border border-dashed px-4 py-6 text-center text-sm text-muted-foreground">{t('broadcast.no_products')}</p>
      )}
    </Sheet>
  );
}
