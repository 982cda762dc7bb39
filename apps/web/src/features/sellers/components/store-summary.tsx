import 'virtual:english-load/dashboard';
import { Store } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Seller } from '@live-market/contract/sellers';
import { Card } from '@/components/ui/card';
import { VerificationBadge } from './verification-badge';

/**
 * The category's name ('jewelry' → 'Jewelry'), the stored text when it is not a known category, or
 * 'General Store'. Looked up by key rather than against the contract's list: that module brings zod
 * (26 KB gzip) into the dashboard's first load.
 */
function useCategoryLabel(category: string | null): string {
  const { t } = useTranslation();
  const value = category?.trim();
  if (!value) return t('dashboard.default_category');
  return t(`product_categories.${value}` as 'product_categories.fashion', { defaultValue: value });
}

/** The store's name, its category (default 'General Store') and its verification badge, at the top of the dashboard. */
export function StoreSummary({ seller }: { seller: Seller }) {
  const category = useCategoryLabel(seller.category);
  return (
    <Card className="flex items-center gap-4 p-4">
      <span className="flex size-14 shrink-0 items-center justify-center rounded-2xl bg-brand-gradient text-white">
        <Store className="size-7" aria-hidden="true" />
      </span>
      <div className="min-w-0 space-y-1">
        <h2 className="truncate text-lg font-bold">{seller.storeName}</h2>
        <p className="text-sm text-muted-foreground capitalize">{category}</p>
        <VerificationBadge seller={seller} />
      </div>
    </Card>
  );
}
