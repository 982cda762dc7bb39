import { Gem, Shirt, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';

type Tile = { key: 'jewelry' | 'fashion'; Icon: LucideIcon; tone: string };

// SPEC section 9: the home shows two categories, Jewelry and Fashion; issue 29: each opens its own page.
const TILES: Tile[] = [
  { key: 'jewelry', Icon: Gem, tone: 'from-amber-100 to-orange-200 text-amber-800' },
  { key: 'fashion', Icon: Shirt, tone: 'from-rose-100 to-pink-200 text-rose-800' },
];

export function CategoryTiles() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="categories-heading" className="space-y-4">
      <h2 id="categories-heading" className="text-xl font-bold">
        {t('common.shop_by_category')}
      </h2>
      <ul className="grid grid-cols-2 gap-3">
        {TILES.map(({ key, Icon, tone }) => (
          <li key={key}>
            <Link href={`/category/${key}`} className={`flex h-full flex-col gap-3 rounded-[var(--radius-card)] bg-gradient-to-br p-4 shadow-sm transition active:scale-[0.98] ${tone}`}>
              <span className="flex size-11 items-center justify-center rounded-full bg-white/70">
                <Icon className="size-6" aria-hidden="true" />
              </span>
              <span>
                <span className="block font-semibold">{t(`categories.${key}`)}</span>
                <span className="block text-xs opacity-80">{t(`categories.${key}_body`)}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
