import { useTranslation } from 'react-i18next';
import type { CurrentUser } from '@live-market/contract/auth';
import { PRODUCT_CATEGORIES, type ProductCategory } from '@live-market/contract/catalog';
import { categoryName } from '@/features/feed/category-name';
import { CategoryView } from '@/features/feed/components/category-view';
import { feedCards } from '../components/for-you';
import { PageHeader } from '../components/page-header';
import { NotFoundRoute } from './not-found';

const isCategory = (slug: string): slug is ProductCategory => (PRODUCT_CATEGORIES as readonly string[]).includes(slug);

/** /category/{slug} (issue 29): what is live, announced and for sale in one of the spec's categories. */
export function CategoryRoute({ slug, user }: { slug: string; user: CurrentUser }) {
  if (!isCategory(slug)) return <NotFoundRoute />;
  return <CategoryPage category={slug} user={user} />;
}

function CategoryPage({ category, user }: { category: ProductCategory; user: CurrentUser }) {
  const { t } = useTranslation();
  const title = categoryName(t, category);
  return (
    <>
      <PageHeader title={title} backTo="/" />
      <main className="px-4 py-5">
        <CategoryView category={category} cards={feedCards(user)} />
      </main>
    </>
  );
}
