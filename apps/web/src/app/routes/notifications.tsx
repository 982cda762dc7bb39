import { useTranslation } from 'react-i18next';
import { useNotifications } from '@/features/notifications/api/get-notifications';
import { NotificationsPage } from '@/features/notifications/components/notifications-page';
import { PageHeader } from '../components/page-header';

/** /notifications: the heading carries the count (SPEC section 2). */
export function NotificationsRoute() {
  const { t } = useTranslation();
  const { data: items } = useNotifications();
  return (
    <>
      <PageHeader title={items ? t('notifications.heading', { count: items.length }) : t('notifications.title')} backTo="/" />
      <main>
        <NotificationsPage />
      </main>
    </>
  );
}
