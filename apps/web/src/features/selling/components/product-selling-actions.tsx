import '../i18n';
import { Gavel, Zap } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Product } from '@live-market/contract/products';
import { Button } from '@/components/ui/button';

// The sheets (vaul, the contract's schemas) load on the first tap.
const DealSheet = lazy(() => import('./deal-sheet').then((m) => ({ default: m.DealSheet })));
const AuctionSheet = lazy(() => import('./auction-sheet').then((m) => ({ default: m.AuctionSheet })));

type Opened = { kind: 'deal' | 'auction'; open: boolean; key: number };

type ProductSellingActionsProps = {
  streamId: string;
  product: Product;
  /** A deal or an auction has started from here (the live tools sheet closes on it, issue 25). */
  onStarted?: () => void;
};

/** The owner's 'Flash deal' and 'Auction' on a product card of their live show, each opening a short sheet. */
export function ProductSellingActions({ streamId, product, onStarted }: ProductSellingActionsProps) {
  const { t } = useTranslation();
  // A new key per open: each sheet starts empty.
  const [sheet, setSheet] = useState<Opened | null>(null);
  const open = (kind: Opened['kind']) => setSheet((s) => ({ kind, open: true, key: (s?.key ?? 0) + 1 }));
  const onOpenChange = (next: boolean) => setSheet((s) => (s ? { ...s, open: next } : s));
  const soldOut = product.stockQuantity <= 0;
  const look = 'min-h-12 flex-col gap-0.5 px-1 py-1 text-xs';

  return (
    <div className="grid grid-cols-2 gap-1.5">
      <Button variant="outline" className={look} onClick={() => open('deal')} disabled={soldOut}>
        <Zap className="text-rose-600" aria-hidden="true" />
        {t('selling.flash_deal')}
      </Button>
      <Button variant="outline" className={look} onClick={() => open('auction')} disabled={soldOut}>
        <Gavel className="text-violet-700" aria-hidden="true" />
        {t('selling.auction')}
      </Button>
      {sheet ? (
        <Suspense fallback={null}>
          {sheet.kind === 'deal' ? (
            <DealSheet key={sheet.key} streamId={streamId} product={product} open={sheet.open} onOpenChange={onOpenChange} onStarted={onStarted} />
          ) : (
            <AuctionSheet key={sheet.key} streamId={streamId} product={product} open={sheet.open} onOpenChange={onOpenChange} onStarted={onStarted} />
          )}
        </Suspense>
      ) : null}
    </div>
  );
}
