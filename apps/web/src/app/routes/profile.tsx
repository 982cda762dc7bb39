import 'virtual:english-load/profile';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { CurrentUser } from '@live-market/contract/auth';
import { ProfileOverview } from '@/features/profile/components/profile-overview';
import { lazyComponent } from '@/lib/lazy-component';
import { PageHeader } from '../components/page-header';

// Operators only (issue 28): the way into /admin is a chunk of its own, so nobody else loads it.
const AdminEntry = lazyComponent(() => import('@/features/admin/components/admin-entry').then((m) => m.AdminEntry));

export function ProfileRoute({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('profile.title')} backTo="/" />
      <main className="px-4 py-5">
        <ProfileOverview user={user} />
        {user.isOperator ? (
          <Suspense fallback={null}>
            <AdminEntry />
          </Suspense>
        ) : null}
      </main>
    </>
  );
}
