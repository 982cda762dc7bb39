import '@/features/sellers/become-seller-i18n';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import type { CurrentUser } from '@live-market/contract/auth';
import type { Seller } from '@live-market/contract/sellers';
import { Card } from '@/components/ui/card';
import { getCurrentUserQueryOptions } from '@/features/auth/api/get-current-user';
import { AlreadySellerCard } from '@/features/sellers/components/already-seller-card';
import { BecomeSellerBenefits } from '@/features/sellers/components/become-seller-benefits';
import { CreateStoreForm } from '@/features/sellers/components/create-store-form';
import { PageHeader } from '../components/page-header';

/** /become-seller (SPEC section 2): the benefits and the 'Create Your Store' form; on success, the dashboard. */
export function BecomeSellerRoute({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();

  // SPEC section 7: the current user is refreshed. The new store goes into the cache at once, so the
  // dashboard opens on it without waiting; the refetch then brings the server's copy.
  const onCreated = async (seller: Seller) => {
    const key = getCurrentUserQueryOptions().queryKey;
    queryClient.setQueryData(key, (old) => (old ? { ...old, isSeller: true, seller } : old));
    navigate('/seller/dashboard');
    await queryClient.invalidateQueries({ queryKey: key });
  };

  return (
    <>
      <PageHeader title={t('pages.become_seller')} backTo="/" />
      <main className="space-y-6 px-4 py-5">
        <BecomeSellerBenefits />
        {user.seller ? (
          <AlreadySellerCard storeName={user.seller.storeName} />
        ) : (
          <Card className="p-5">
            <h2 className="mb-1 text-xl font-bold">{t('become_seller.form_title')}</h2>
            <p className="mb-5 text-sm text-muted-foreground">{t('become_seller.form_body')}</p>
            <CreateStoreForm onCreated={onCreated} />
          </Card>
        )}
      </main>
    </>
  );
}
