import type { TFunction } from 'i18next';
import type { ProductCategory } from '@live-market/contract/catalog';

/** The name Home's tiles give a category (Jewelry, Fashion), else the product form's. */
export function categoryName(t: TFunction, category: ProductCategory): string {
  return category === 'jewelry' || category === 'fashion' ? t(`categories.${category}`) : t(`product_categories.${category}`);
}
