import 'virtual:english-load/wishlist';
import { useTranslation } from 'react-i18next';
import { useWishlist } from '@/features/wishlist/api/get-wishlist';
import { WishlistPage } from '@/features/wishlist/components/wishlist-page';
import { PageHeader } from '../components/page-header';

/** /wishlist: the heading carries the item count (SPEC section 2). */
export function WishlistRoute() {
  const { t } = useTranslation();
  const { data: items } = useWishlist();
  return (
    <>
      <PageHeader title={items ? t('wishlist.heading', { count: items.length }) : t('wishlist.title')} backTo="/" />
      <main>
        <WishlistPage />
      </main>
    </>
  );
}
