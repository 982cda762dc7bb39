import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CurrentUser } from '@live-market/contract/auth';
import { Avatar } from '@/components/ui/avatar';
import { Card } from '@/components/ui/card';
import { getCurrentUserQueryOptions } from '@/features/auth/api/get-current-user';
import { updateProfile } from '@/features/profile/api/update-profile';
import { ProfileSettingsForm } from '@/features/profile/components/profile-settings-form';
import { PushSettings } from '@/features/push/components/push-settings';
import { PageHeader } from '../components/page-header';

export function ProfileSettingsRoute({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const setUser = (saved: CurrentUser) => queryClient.setQueryData(getCurrentUserQueryOptions().queryKey, saved);
  return (
    <>
      <PageHeader title={t('settings.title')} backTo="/profile" />
      <main className="space-y-6 px-4 py-5">
        <div className="flex items-center gap-4">
          <Avatar user={user} className="size-16 text-2xl" />
          <h2 className="text-lg font-semibold">{t('settings.personal_info')}</h2>
        </div>
        <Card className="p-5">
          {/* SPEC section 7: after a successful PATCH the current user is refreshed; the answer is the updated user. */}
          <ProfileSettingsForm user={user} onUpdated={setUser} />
        </Card>
        {/* Issue 13: the same PATCH /api/auth/profile, with only pushEnabled. */}
        <Card className="p-5">
          <PushSettings enabled={user.pushEnabled} onSave={(pushEnabled) => updateProfile({ pushEnabled }).then(setUser)} />
        </Card>
      </main>
    </>
  );
}
