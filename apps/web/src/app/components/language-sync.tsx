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
 * show left open in one tab does not stay in the old language. A choice the account has not heard of
 * yet (offline, or the page reloaded before the save landed) is marked on this device, and the next
 * load saves it rather than going back to the account's older language.
 */
const UNSAVED_KEY = 'language-unsaved';

function markUnsaved(userId: string, code: LanguageCode | null) {
  try {
    if (code) window.localStorage.setItem(UNSAVED_KEY, `${userId}:${code}`);
    else window.localStorage.removeItem(UNSAVED_KEY);
  } catch {
    // No storage: the account's language wins on the next load, as before.
  }
}

/** This account's choice made on this device that the account may not have yet. */
function unsavedChoice(userId: string): LanguageCode | null {
  try {
    const [owner, code] = (window.localStorage.getItem(UNSAVED_KEY) ?? '').split(':');
    return owner === userId && isLanguageCode(code) ? code : null;
  } catch {
    return null;
  }
}

export function LanguageSync() {
  const { user, isLoading } = useAuth();
  const queryClient = useQueryClient();

  useEffect(() => {
    async function save(userId: string, code: LanguageCode) {
      markUnsaved(userId, code);
      try {
        // Loaded when first needed: the first route's JS stays small (the module also holds a mutation hook).
        const { updateProfile } = await import('@/features/profile/api/update-profile');
        queryClient.setQueryData(getCurrentUserQueryOptions().queryKey, await updateProfile({ language: code }));
        if (unsavedChoice(userId) === code) markUnsaved(userId, null);
      } catch (error) {
        // Offline or signed out meanwhile: this device keeps the choice; the account catches up next time.
        console.warn('Could not save the language on the account', error);
      }
    }
    const onChange = (code: string) => {
      // Notifications and other server-made text come again in the new language.
      void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== CURRENT_USER_URL });
      if (user && isLanguageCode(code) && user.language !== code) void save(user.id, code);
    };
    i18n.on('languageChanged', onChange);
    const onStorage = (event: StorageEvent) => {
      if (event.key === LANGUAGE_STORAGE_KEY && isLanguageCode(event.newValue) && event.newValue !== currentLanguage()) void changeLanguage(event.newValue);
    };
    window.addEventListener('storage', onStorage);
    const stored = readStoredLanguage();
    const unsaved = user ? unsavedChoice(user.id) : null;
    if (user && unsaved && unsaved === stored && unsaved !== user.language) void save(user.id, unsaved);
    else if (user?.language && (user.language !== currentLanguage() || user.language !== stored)) void changeLanguage(user.language);
    else if (user && !user.language) void save(user.id, currentLanguage());
    else if (!user && !isLoading && stored && stored !== currentLanguage()) void changeLanguage(stored);
    return () => {
      i18n.off('languageChanged', onChange);
      window.removeEventListener('storage', onStorage);
    };
  }, [queryClient, user, isLoading]);

  return null;
}
