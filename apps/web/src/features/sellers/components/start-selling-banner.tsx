import { ArrowRight, Store } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';

export function StartSellingBanner() {
  const { t } = useTranslation();
  return (
    <Link href="/become-seller" className="relative block overflow-hidden rounded-[var(--radius-card)] bg-brand-gradient p-5 text-white shadow-lg shadow-rose-500/20 active:scale-[0.99]">
      <Store className="absolute -right-4 -bottom-4 size-28 opacity-15" aria-hidden="true" />
      <h2 className="text-xl font-bold">{t('home.start_selling_title')}</h2>
      <p className="mt-1 max-w-xs text-sm text-white/90">{t('home.start_selling_body')}</p>
      <span className="mt-4 inline-flex items-center gap-1.5 rounded-full bg-white px-4 py-2 text-sm font-semibold text-primary">
        {t('home.start_selling_cta')}
        <ArrowRight className="size-4" aria-hidden="true" />
      </span>
    </Link>
  );
}
