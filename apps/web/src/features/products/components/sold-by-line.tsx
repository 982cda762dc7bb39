import '../i18n';
import { useTranslation } from 'react-i18next';
import { countryName } from '@/lib/country-name';
import { useProductPage } from '../api/get-product-page';
import { returnPolicyLabel } from './return-policy';

/**
 * The checkout's line on who sells the order and on what terms (issue 28): the seller's legal name and
 * GSTIN, the return policy and the country of origin, as the product sheet says them.
 */
export function SoldByLine({ productId }: { productId: string }) {
  const { t, i18n } = useTranslation();
  const { data } = useProductPage(productId);
  if (!data) return null;
  const { product, soldBy } = data;
  const terms = [returnPolicyLabel(t, product.returnDays), product.countryOfOrigin ? `${t('product_page.origin')}: ${countryName(product.countryOfOrigin, i18n.language)}` : null].filter(Boolean);
  return (
    <div className="rounded-2xl bg-muted/60 px-3 py-2 text-xs text-muted-foreground" data-testid="sold-by">
      <p className="font-medium text-foreground">{t('product_page.sold_by_line', { name: soldBy.legalName ?? soldBy.storeName })}</p>
      {soldBy.gstin ? <p>{t('product_page.gstin', { gstin: soldBy.gstin })}</p> : soldBy.enrolmentNumber ? <p>{t('product_page.enrolment', { number: soldBy.enrolmentNumber })}</p> : null}
      <p>{terms.join(' · ')}</p>
    </div>
  );
}
