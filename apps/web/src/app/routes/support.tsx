import '@/features/support/i18n';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { NewTicketForm } from '@/features/support/components/new-ticket-form';
import { TicketList } from '@/features/support/components/ticket-list';
import { PageHeader } from '../components/page-header';

/** /support (issue 28): write to LiveMarket about an order or anything else, and follow the answers. */
export function SupportRoute() {
  const { t } = useTranslation();
  const orderId = new URLSearchParams(window.location.search).get('order') ?? undefined;
  return (
    <>
      <PageHeader title={t('support.title')} backTo="/profile" />
      <main className="space-y-5 px-4 py-5">
        <p className="text-sm text-muted-foreground">{t('support.intro')}</p>
        <NewTicketForm initialOrderId={orderId} />
        <TicketList />
        <Link href="/grievance" className="block text-sm font-medium text-primary underline">
          {t('support.grievance_link')}
        </Link>
      </main>
    </>
  );
}
