import i18next, { type ResourceLanguage } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGE_STORAGE_KEY } from '@live-market/contract/constants';
import { LANGUAGES, type LanguageCode } from '@live-market/contract/i18n';
import en from '@/locales/en.json';

// English is bundled with the first route; the other nine load on demand, each in its own chunk.
const localeLoaders = import.meta.glob<{ default: ResourceLanguage }>(['../locales/*.json', '!../locales/en.json']);

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  lng: DEFAULT_LANGUAGE,
  // SPEC section 3: an unknown key or language falls back to English, then to the key itself.
  fallbackLng: DEFAULT_LANGUAGE,
  resources: { en: { translation: en } },
  returnEmptyString: false,
  interpolation: { escapeValue: false },
  initAsync: false,
});

export function isLanguageCode(value: unknown): value is LanguageCode {
  return LANGUAGES.some((language) => language.code === value);
}

function readStoredLanguage(): LanguageCode {
  try {
    const stored = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguageCode(stored) ? stored : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

async function loadLanguage(code: LanguageCode): Promise<void> {
  if (i18n.hasResourceBundle(code, 'translation')) return;
  const load = localeLoaders[`../locales/${code}.json`];
  if (!load) return;
  const { default: resources } = await load();
  i18n.addResourceBundle(code, 'translation', resources, true, true);
}

/** Switches the UI language, remembers it in localStorage and sets <html lang>. */
export async function changeLanguage(code: LanguageCode): Promise<void> {
  try {
    await loadLanguage(code);
  } catch (error) {
    // A chunk that fails to load leaves the English fallback in place.
    console.error('Could not load language', code, error);
  }
  await i18n.changeLanguage(code);
  document.documentElement.lang = code;
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, code);
  } catch {
    // Storage may be unavailable (private mode); the choice then lasts for this page only.
  }
}

/** Applies the stored language (default en) before the first render. */
export function initI18n(): Promise<void> {
  const stored = readStoredLanguage();
  if (stored === DEFAULT_LANGUAGE) {
    document.documentElement.lang = DEFAULT_LANGUAGE;
    return Promise.resolve();
  }
  return changeLanguage(stored);
}
