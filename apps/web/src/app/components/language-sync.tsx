import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { LanguageCode } from '@live-market/contract/i18n';
import { CURRENT_USER_URL, getCurrentUserQueryOptions } from '@/features/auth/api/get-current-user';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { LANGUAGE_STORAGE_KEY } from '@live-market/contract/constants';
import { changeLanguage, currentLanguage, i18n, isLanguageCode, readStoredLanguage } from '@/lib/i18n';

/**
 * The chosen language is kept on the account too (issue 10), so it follows the person to another
 * phone and to the text the server makes. Signed in: the account's language wins; an account that
 * never chose takes this device's; a choice made here is saved. Signed out, this device's choice wins
 * over the language a server-rendered page came in (its cookie may be missing or stale). Any change
 * reloads server-made text. A choice made in another tab of the app is followed here at once, so a
 * show left open in one tab does not stay in the old language.
 */
export function LanguageSync() {
  const { user, isLoading } = useAuth();
  const queryClient = useQueryClient();

  useEffect(() => {
    async function save(code: LanguageCode) {
      try {
        // Loaded when first needed: the first route's JS stays small (the module also holds a mutation hook).
        const { updateProfile } = await import('@/features/profile/api/update-profile');
        queryClient.setQueryData(getCurrentUserQueryOptions().queryKey, await updateProfile({ language: code }));
      } catch (error) {
        // Offline or signed out meanwhile: this device keeps the choice; the account catches up next time.
        console.warn('Could not save the language on the account', error);
      }
    }
    const onChange = (code: string) => {
      // Notifications and other server-made text come again in the new language.
      void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== CURRENT_USER_URL });
      if (user && isLanguageCode(code) && user.language !== code) void save(code);
    };
    i18n.on('languageChanged', onChange);
    const onStorage = (event: StorageEvent) => {
      if (event.key === LANGUAGE_STORAGE_KEY && isLanguageCode(event.newValue) && event.newValue !== currentLanguage()) void changeLanguage(event.newValue);
    };
    window.addEventListener('storage', onStorage);
    const stored = readStoredLanguage();
    if (user?.language && (user.language !== currentLanguage() || user.language !== stored)) void changeLanguage(user.language);
    else if (user && !user.language) void save(currentLanguage());
    else if (!user && !isLoading && stored && stored !== currentLanguage()) void changeLanguage(stored);
    return () => {
      i18n.off('languageChanged', onChange);
      window.removeEventListener('storage', onStorage);
    };
  }, [queryClient, user, isLoading]);

  return null;
}
