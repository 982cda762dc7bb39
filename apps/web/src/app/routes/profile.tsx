import { useTranslation } from 'react-i18next';
import type { CurrentUser } from '@live-market/contract/auth';
import { ProfileOverview } from '@/features/profile/components/profile-overview';
import { PageHeader } from '../components/page-header';

export function ProfileRoute({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('profile.title')} backTo="/" />
      <main className="px-4 py-5">
        <ProfileOverview user={user} />
      </main>
    </>
  );
}
