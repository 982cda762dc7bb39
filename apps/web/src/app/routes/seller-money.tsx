import { useTranslation } from 'react-i18next';
import type { CurrentUser } from '@live-market/contract/auth';
import { BusinessDetailsCard } from '@/features/money/components/business-details-card';
import { LedgerSection } from '@/features/money/components/ledger-section';
import { PayoutAccountCard } from '@/features/money/components/payout-account-card';
import { PayoutAccountReminder } from '@/features/money/components/payout-account-reminder';
import { PayoutsList } from '@/features/money/components/payouts-list';
import { StatementDownload } from '@/features/money/components/statement-download';
import { SellerProfileRequired } from '@/features/sellers/components/seller-profile-required';
import { PageHeader } from '../components/page-header';

/**
 * /seller/money (issue 26): the balance (pending, on hold, available, paid out), the ledger with its
 * filters, the monthly statement, payouts with their UTR, where payouts go, and the business details
 * printed on invoices. A seller with no payout account is reminded at the top.
 */
export function SellerMoneyRoute({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('pages.seller_money')} backTo="/seller/dashboard" />
      <main className="space-y-5 px-4 py-5">
        {user.seller ? (
          <>
            <PayoutAccountReminder href="#payout-account" />
            <LedgerSection />
            <StatementDownload />
            <PayoutsList />
            <PayoutAccountCard />
            <BusinessDetailsCard />
          </>
        ) : (
          <SellerProfileRequired />
        )}
      </main>
    </>
  );
}
