import 'virtual:english-load/settings';
import { useQueryClient } from '@tanstack/react-query';
import { Languages } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { CurrentUser } from '@live-market/contract/auth';
import { Avatar } from '@/components/ui/avatar';
import { Card } from '@/components/ui/card';
import { getCurrentUserQueryOptions } from '@/features/auth/api/get-current-user';
import { LanguagePicker } from '@/features/i18n/components/language-picker';
import { updateProfile } from '@/features/profile/api/update-profile';
import { ProfileSettingsForm } from '@/features/profile/components/profile-settings-form';
import { MyDataCard } from '@/features/privacy/components/my-data-card';
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
        {/* Issue 25: the language, here too (not only in the home header); the account keeps it for every device. */}
        <Card className="space-y-3 p-5">
          <div className="flex items-start gap-4">
            <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-secondary text-primary">
              <Languages className="size-5" aria-hidden="true" />
            </span>
            <div className="min-w-0 flex-1">
              <h2 className="font-semibold">{t('settings.language_title')}</h2>
              <p className="mt-0.5 text-sm text-muted-foreground">{t('settings.language_body')}</p>
            </div>
          </div>
          <LanguagePicker wide />
        </Card>
        {/* Issue 13: the same PATCH /api/auth/profile, with only pushEnabled. */}
        <Card className="p-5">
          <PushSettings enabled={user.pushEnabled} onSave={(pushEnabled) => updateProfile({ pushEnabled }).then(setUser)} />
        </Card>
        <MyDataCard />
      </main>
    </>
  );
}
