import { BadgeCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Seller } from '@live-market/contract/sellers';
import { formatCount } from '@/lib/format';

/**
 * A store in the results. There is no store page to open yet, so the row says who it is (name,
 * verified, followers, what it sells) and offers Follow, which brings its shows to the shopper.
 */
export function StoreResult({ store, follow }: { store: Seller; follow?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <article aria-label={store.storeName} className="flex items-center gap-3 rounded-[var(--radius-card)] border bg-card p-3 shadow-sm">
      <span className="flex size-12 shrink-0 items-center justify-center rounded-full bg-brand-100 text-lg font-bold text-brand-700" aria-hidden="true">
        {[...store.storeName.trim()][0]?.toLocaleUpperCase() ?? '?'}
      </span>
      <div className="min-w-0 flex-1">
        <h3 className="flex items-start gap-1 leading-snug font-semibold">
          <span className="line-clamp-2 break-words">{store.storeName}</span>
          {store.isVerified ? (
            <BadgeCheck className="mt-0.5 size-4 shrink-0 text-emerald-600" role="img" aria-label={t('search.verified')} />
          ) : null}
        </h3>
        {/* Follow shows the count under itself, kept current as the shopper taps. */}
        {follow ? null : <p className="text-xs text-muted-foreground">{t('follow.followers', { followers: formatCount(store.followersCount) })}</p>}
        {store.description ? <p className="line-clamp-1 text-sm text-muted-foreground">{store.description}</p> : null}
      </div>
      {follow}
    </article>
  );
}
