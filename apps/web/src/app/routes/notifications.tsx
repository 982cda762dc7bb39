import 'virtual:english-load/notifications';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useMyModeratorInvitations } from '@/features/moderation/api/get-my-moderator-invitations';
import { useNotifications } from '@/features/notifications/api/get-notifications';
import { NotificationsPage } from '@/features/notifications/components/notifications-page';
import { PageHeader } from '../components/page-header';

// Issue 25: invitations to moderate a store, answered here; their code loads only when there is one.
const ModeratorInvitations = lazy(() => import('@/features/moderation/components/moderator-invitations').then((m) => ({ default: m.ModeratorInvitations })));

/** /notifications: the heading carries the count (SPEC section 2). */
export function NotificationsRoute() {
  const { t } = useTranslation();
  const { data: items, dataUpdatedAt } = useNotifications();
  const { data: invitations } = useMyModeratorInvitations({ refreshWhen: dataUpdatedAt });
  return (
    <>
      <PageHeader title={items ? t('notifications.heading', { count: items.length }) : t('notifications.title')} backTo="/" />
      <main>
        {invitations?.length ? (
          <Suspense fallback={null}>
            <ModeratorInvitations invitations={invitations} />
          </Suspense>
        ) : null}
        <NotificationsPage />
      </main>
    </>
  );
}
