import { afterEach, describe, expect, it } from 'vitest';
import { LANGUAGE_STORAGE_KEY } from '@live-market/contract/constants';
import { LANGUAGES, REQUIRED_TRANSLATION_KEYS } from '@live-market/contract/i18n';
import { changeLanguage, i18n, initI18n } from './i18n';

type Tree = { [key: string]: string | Tree };
const locales = import.meta.glob<Tree>('../locales/*.json', { eager: true, import: 'default' });
const locale = (code: string): Tree => {
  const tree = locales[`../locales/${code}.json`];
  if (!tree) throw new Error(`missing locale ${code}`);
  return tree;
};

function lookup(tree: Tree, key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Tree)[part] : undefined), tree);
}

function flatKeys(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) => (typeof value === 'string' ? [`${prefix}${key}`] : flatKeys(value, `${prefix}${key}.`)));
}

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

afterEach(async () => {
  await changeLanguage('en');
});

describe('locales', () => {
  it('has one file per language, ten in all', () => {
    expect(Object.keys(locales).sort()).toEqual(LANGUAGES.map((l) => `../locales/${l.code}.json`).sort());
  });

  it.each(LANGUAGES.map((l) => l.code))('%s translates the twelve required keys', (code) => {
    for (const key of REQUIRED_TRANSLATION_KEYS) {
      const text = lookup(locale(code), key);
      expect(typeof text === 'string' && text.trim().length > 0, `${code} ${key}`).toBe(true);
    }
  });

  it.each(LANGUAGES.map((l) => l.code))('%s uses only keys from en.json, with the same placeholders', (code) => {
    const en = locale('en');
    for (const key of flatKeys(locale(code))) {
      const source = lookup(en, key);
      expect(typeof source, `${code} ${key} is not in en.json`).toBe('string');
      expect(placeholders(lookup(locale(code), key) as string), `${code} ${key}`).toEqual(placeholders(source as string));
    }
  });

  it('translates the bottom navigation into Hindi', () => {
    expect(lookup(locale('hi'), 'nav.home')).toBe('होम');
    expect(lookup(locale('hi'), 'nav.live')).toBe('लाइव');
    expect(lookup(locale('hi'), 'nav.profile')).toBe('प्रोफ़ाइल');
  });

  it('translates every en.json key into Hindi', () => {
    const missing = flatKeys(locale('en')).filter((key) => typeof lookup(locale('hi'), key) !== 'string');
    expect(missing).toEqual([]);
  });
});

describe('fallback', () => {
  it('falls back from the language to English', async () => {
    await changeLanguage('ta');
    expect(i18n.t('nav.home')).toBe('முகப்பு');
    // Every key is translated (the locale gate sees to it), so the fallback is shown with a key only English has.
    i18n.addResource('en', 'translation', 'test_only.english', 'Only in English');
    expect(i18n.t('test_only.english' as 'nav.home')).toBe('Only in English');
  });

  it('falls back to English for an unknown language', () => {
    expect(i18n.getFixedT('xx')('nav.live')).toBe('Live');
  });

  it('falls back to the key itself for an unknown key', () => {
    expect(i18n.t('no.such.key' as 'nav.home')).toBe('no.such.key');
  });
});

describe('language choice', () => {
  it('stores the language under "language" and sets <html lang>', async () => {
    await changeLanguage('hi');
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('hi');
    expect(document.documentElement.lang).toBe('hi');
    expect(i18n.t('nav.home')).toBe('होम');
  });

  it('starts in the stored language, and in English when the stored value is unknown', async () => {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'bn');
    await initI18n();
    expect(i18n.language).toBe('bn');
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'klingon');
    await changeLanguage('en');
    await initI18n();
    expect(i18n.language).toBe('en');
  });

  it('tells the server only a stored choice: without one the language cookie is not written', async () => {
    document.cookie = 'language=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT';
    window.localStorage.removeItem(LANGUAGE_STORAGE_KEY);
    await initI18n();
    expect(document.cookie).not.toContain('language=');
    await changeLanguage('ta');
    expect(document.cookie).toContain('language=ta');
  });

  it('announces no change when asked for the language already shown, but still stores it', async () => {
    await changeLanguage('ml');
    window.localStorage.removeItem(LANGUAGE_STORAGE_KEY);
    let announced = 0;
    const count = () => {
      announced += 1;
    };
    i18n.on('languageChanged', count);
    try {
      await changeLanguage('ml');
      expect(announced).toBe(0);
      expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('ml');
      await changeLanguage('gu');
      expect(announced).toBe(1);
    } finally {
      i18n.off('languageChanged', count);
    }
  });
});
