import '@/features/admin/i18n';
import { useTranslation } from 'react-i18next';
import { AdminConsole } from '@/features/admin/components/admin-console';
import { PageHeader } from '../components/page-header';

/** /admin (issue 28, item 5): the operator console. Who may use it is the server's answer, not the app's. */
export function AdminRoute() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('admin.title')} backTo="/profile" />
      <main className="px-4 py-5">
        <AdminConsole />
      </main>
    </>
  );
}
