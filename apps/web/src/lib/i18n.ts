import i18next, { type ResourceLanguage } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGE_STORAGE_KEY } from '@live-market/contract/constants';
import { LANGUAGE_COOKIE, LANGUAGES, isLanguageCode, type LanguageCode } from '@live-market/contract/i18n';
import contractEn from '@live-market/contract/locales/en.json';
import en from '@/locales/en.json';

export { isLanguageCode };

// English is bundled with the first route. The other nine are JSON files fetched on demand, only the
// chosen one: the app's texts and the contract's validation messages (which the server shares). As
// data, not JavaScript, they cost no parse and compile time and stay out of the JS budget.
const appUrls = import.meta.glob<string>(['../locales/*.json', '!../locales/en.json'], { query: '?url', import: 'default', eager: true });
const contractUrls = import.meta.glob<string>(['../../../../packages/contract/locales/*.json', '!../../../../packages/contract/locales/en.json'], {
  query: '?url',
  import: 'default',
  eager: true,
});
const urlOf = (urls: Record<string, string>, code: string) => Object.entries(urls).find(([path]) => path.endsWith(`/${code}.json`))?.[1];

async function fetchJson(url: string): Promise<ResourceLanguage> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`${res.status} ${url}`);
  return (await res.json()) as ResourceLanguage;
}

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  lng: DEFAULT_LANGUAGE,
  // SPEC section 3: an unknown key or language falls back to English, then to the key itself.
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: LANGUAGES.map((l) => l.code),
  resources: { en: { translation: { ...en, ...contractEn } } },
  returnEmptyString: false,
  // Said outright, so i18next does not test every key for a natural-language sentence (a cost per text on a phone).
  keySeparator: '.',
  nsSeparator: false,
  interpolation: { escapeValue: false },
  initAsync: false,
});

export function readStoredLanguage(): LanguageCode | null {
  try {
    const stored = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguageCode(stored) ? stored : null;
  } catch {
    return null;
  }
}

async function loadLanguage(code: LanguageCode): Promise<void> {
  if (i18n.hasResourceBundle(code, 'translation')) return;
  const urls = [urlOf(appUrls, code), urlOf(contractUrls, code)].filter((url) => url !== undefined);
  const bundles = await Promise.all(urls.map(fetchJson));
  i18n.addResourceBundle(code, 'translation', Object.assign({}, ...bundles), true, true);
}

/** The server reads the choice from this cookie: sign-in and payment pages, its messages, notifications. */
function rememberForServer(code: LanguageCode) {
  document.cookie = `${LANGUAGE_COOKIE}=${code}; path=/; max-age=31536000; samesite=lax`;
}

let latestChange = 0;

/** Shows the UI in a language (its catalog loaded first) and sets <html lang>; `remember` also tells the server (the cookie). */
async function applyLanguage(code: LanguageCode, remember = false): Promise<boolean> {
  // Catalogs load at their own pace: the last language asked for wins, not the last catalog to arrive.
  const change = ++latestChange;
  try {
    await loadLanguage(code);
  } catch (error) {
    // A chunk that fails to load leaves the English fallback in place.
    console.error('Could not load language', code, error);
  }
  if (change !== latestChange) return false;
  // The cookie before the change is announced: listeners refetch server-made text at once, in this language.
  if (remember) rememberForServer(code);
  // i18next announces a change even to the language already shown, and every listener then re-renders
  // the whole app and refetches server-made text (a signed-in page load did this for nothing).
  if (i18n.language !== code) await i18n.changeLanguage(code);
  document.documentElement.lang = code;
  return true;
}

/** Switches the UI language, remembers it (localStorage 'language', SPEC; and the cookie) and sets <html lang>. */
export async function changeLanguage(code: LanguageCode): Promise<void> {
  if (!(await applyLanguage(code, true))) return;
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, code);
  } catch {
    // Storage may be unavailable (private mode); the choice then lasts for this page only.
  }
}

/** The current UI language as one of ours. */
export function currentLanguage(): LanguageCode {
  return isLanguageCode(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}

/**
 * Applies the stored language (default en) before the first render. Only a stored choice is told to
 * the server: without one it answers in the browser's language, and a sign-in keeps the account's.
 */
export function initI18n(rendered?: LanguageCode): Promise<void> {
  // A server-rendered page is in the language the server chose: start in it, or the HTML would not match.
  // It is not stored as this device's choice: LanguageSync settles that once the page is the app's.
  if (rendered) return rendered === DEFAULT_LANGUAGE ? Promise.resolve() : applyLanguage(rendered).then(() => undefined);
  const stored = readStoredLanguage();
  if (stored === null) {
    document.documentElement.lang = DEFAULT_LANGUAGE;
    return Promise.resolve();
  }
  return changeLanguage(stored);
}
