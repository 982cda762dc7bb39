import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CurrentUser } from '@live-market/contract/auth';
import { getCurrentUserQueryOptions } from '@/features/auth/api/get-current-user';
import { SellerProfileRequired } from '@/features/sellers/components/seller-profile-required';
import { VerificationWizard } from '@/features/sellers/components/verification-wizard';
import { PageHeader } from '../components/page-header';

/** /seller/verification (SPEC section 2): the 4-step wizard; after a submission the current user is refreshed. */
export function SellerVerificationRoute({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return (
    <>
      <PageHeader title={t('pages.seller_verification')} backTo="/seller/dashboard" />
      <main className="px-4 py-5">
        {user.seller ? (
          <VerificationWizard seller={user.seller} onSubmitted={() => void queryClient.invalidateQueries({ queryKey: getCurrentUserQueryOptions().queryKey })} />
        ) : (
          <SellerProfileRequired />
        )}
      </main>
    </>
  );
}
