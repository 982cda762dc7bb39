import '../broadcast-i18n';
import { ShoppingBag } from 'lucide-react';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Product } from '@live-market/contract/products';

// The sheet (vaul, the product list) loads on the first tap.
const LiveToolsSheet = lazy(() => import('./live-tools-sheet').then((m) => ({ default: m.LiveToolsSheet })));

export type LiveToolsProps = {
  featuredId: string | null;
  /** Features a product for every viewer, or (null) stops featuring it. */
  onFeature: (product: Product | null) => void;
  /** The owner's Flash deal and Auction for a product (the selling feature's, passed in by the app); `onStarted` closes the sheet. */
  renderActions?: (product: Product, onStarted: () => void) => ReactNode;
};

/**
 * Over the seller's own video, where a thumb reaches: opens the show's products with Feature, Flash deal
 * and Auction for each, instead of scrolling past the chat to the grid below (issue 25).
 */
export function LiveToolsButton({ streamId, ...tools }: LiveToolsProps & { streamId: string }) {
  const { t } = useTranslation();
  // A new key per open: the list starts at its top each time.
  const [sheet, setSheet] = useState({ open: false, key: 0 });
  return (
    <>
      <button
        type="button"
        onClick={() => setSheet((s) => ({ open: true, key: s.key + 1 }))}
        aria-haspopup="dialog"
        className="inline-flex min-h-11 items-center gap-1.5 rounded-full bg-white px-4 text-sm font-semibold text-foreground shadow-md active:scale-[0.98]"
      >
        <ShoppingBag className="size-4 shrink-0 text-primary" aria-hidden="true" />
        {t('broadcast.tools')}
      </button>
      {sheet.key > 0 ? (
        <Suspense fallback={null}>
          <LiveToolsSheet key={sheet.key} streamId={streamId} open={sheet.open} onOpenChange={(open) => setSheet((s) => ({ ...s, open }))} {...tools} />
        </Suspense>
      ) : null}
    </>
  );
}
