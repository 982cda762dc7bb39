import '../i18n';
import { Globe, RotateCcw, Store } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Product, SoldBy } from '@live-market/contract/products';
import type { IndianState } from '@live-market/contract/orders';
import { countryName } from '@/lib/country-name';
import { useStateName } from '@/lib/indian-states';
import { returnPolicyDetail, returnPolicyLabel } from './return-policy';

function Fact({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <div className="flex gap-3 py-3">
      <span className="mt-0.5 text-muted-foreground" aria-hidden="true">
        {icon}
      </span>
      <div className="min-w-0 flex-1 space-y-0.5">
        <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
        <dd className="text-sm">{children}</dd>
      </div>
    </div>
  );
}

/**
 * What the Consumer Protection (E-Commerce) Rules 2020 ask a listing to say: where it is made, whether it
 * can be returned, and who sells it (legal name, address, GSTIN). `soldBy` undefined: still loading; null:
 * it could not be loaded.
 */
export function ProductFacts({ product, soldBy, trust }: { product: Product; soldBy: SoldBy | null | undefined; trust?: ReactNode }) {
  const { t, i18n } = useTranslation();
  const stateName = useStateName();
  return (
    <dl className="divide-y rounded-2xl border px-4">
      <Fact icon={<Globe className="size-4" />} label={t('product_page.origin')}>
        {product.countryOfOrigin ? countryName(product.countryOfOrigin, i18n.language) : <span className="text-muted-foreground">{t('product_page.origin_unknown')}</span>}
      </Fact>
      <Fact icon={<RotateCcw className="size-4" />} label={t('product_page.returns')}>
        <span className="font-medium">{returnPolicyLabel(t, product.returnDays)}</span>
        <span className="block text-xs text-muted-foreground">{returnPolicyDetail(t, product.returnDays)}</span>
      </Fact>
      <Fact icon={<Store className="size-4" />} label={t('product_page.sold_by')}>
        {soldBy ? (
          <span className="block space-y-0.5">
            <span className="block font-medium">{soldBy.legalName ?? soldBy.storeName}</span>
            {soldBy.legalName && soldBy.legalName !== soldBy.storeName ? <span className="block text-xs text-muted-foreground">{soldBy.storeName}</span> : null}
            {soldBy.address ? (
              <span className="block text-xs whitespace-pre-line text-muted-foreground">
                {soldBy.address}
                {soldBy.state && !soldBy.address.includes(soldBy.state) ? `, ${stateName(soldBy.state as IndianState)}` : ''}
              </span>
            ) : (
              <span className="block text-xs text-muted-foreground">{t('product_page.no_business')}</span>
            )}
            {soldBy.gstin ? <span className="block text-xs">{t('product_page.gstin', { gstin: soldBy.gstin })}</span> : null}
            {soldBy.enrolmentNumber ? <span className="block text-xs">{t('product_page.enrolment', { number: soldBy.enrolmentNumber })}</span> : null}
            {trust ? <span className="block pt-1">{trust}</span> : null}
          </span>
        ) : soldBy === null ? (
          <span className="text-muted-foreground">{t('product_page.load_error')}</span>
        ) : (
          <span className="block h-10 animate-pulse rounded bg-muted" aria-busy="true" />
        )}
      </Fact>
    </dl>
  );
}
