import { Dumbbell, Gem, Home, Shirt, Smartphone, Sparkles, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { PRODUCT_CATEGORIES, type ProductCategory } from '@live-market/contract/catalog';

const ICONS: Record<ProductCategory, LucideIcon> = { fashion: Shirt, jewelry: Gem, electronics: Smartphone, home: Home, beauty: Sparkles, sports: Dumbbell };

/** The six product categories, each opening its page: where a search found nothing, or before one. */
export function CategoryLinks({ headingId, heading }: { headingId: string; heading: string }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <h2 id={headingId} className="text-base font-bold">
        {heading}
      </h2>
      <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3">
        {PRODUCT_CATEGORIES.map((category) => {
          const Icon = ICONS[category];
          return (
            <li key={category}>
              <Link
                href={`/category/${category}`}
                className="flex min-h-12 items-center gap-2.5 rounded-xl border bg-card px-3 py-2 text-sm font-semibold shadow-xs transition hover:border-brand-500 active:scale-[0.98]"
              >
                <Icon className="size-5 shrink-0 text-primary" aria-hidden="true" />
                <span className="min-w-0 break-words">{t(`product_categories.${category}`)}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
