import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { FastifyRequest } from 'fastify';
import i18next, { type Resource } from 'i18next';
import { DEFAULT_LANGUAGE, LANGUAGE_COOKIE, LANGUAGES, isLanguageCode, messageKey, type LanguageCode } from '@live-market/contract';

// Text the server makes (sign-in, sign-out and test payment pages, API messages, notifications), in
// the reader's language. Its catalog is src/locales/<code>.json; the contract's validation messages
// come from the contract's own catalog, which the browser reads too. All ten load at boot (~100 KB).
const require = createRequire(import.meta.url);
const readJson = (path: string | URL) => JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;

function loadResources(): Resource {
  const resources: Resource = {};
  for (const { code } of LANGUAGES) {
    const own = readJson(new URL(`../locales/${code}.json`, import.meta.url));
    const contract = readJson(require.resolve(`@live-market/contract/locales/${code}.json`));
    resources[code] = { translation: { ...own, ...contract } };
  }
  return resources;
}

const i18n = i18next.createInstance();
void i18n.init({
  resources: loadResources(),
  lng: DEFAULT_LANGUAGE,
  // An unknown key or language falls back to English, then to the key (SPEC section 3).
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: LANGUAGES.map((l) => l.code),
  returnEmptyString: false,
  // Pages escape what they insert; JSON needs no escaping.
  interpolation: { escapeValue: false },
  initAsync: false,
});

export type Params = Record<string, string | number>;
/** A parameter that is itself catalog text (an order status, a badge level), translated before it is put in. */
export type MessageParam = string | number | { key: string };

export function resolveParams(language: LanguageCode, params: Record<string, MessageParam>): Params {
  return Object.fromEntries(Object.entries(params).map(([name, value]) => [name, typeof value === 'object' ? t(language, value.key) : value]));
}

/** A catalog text in a language; falls back to English, then to the key. */
export function t(language: LanguageCode, key: string, params: Params = {}): string {
  return i18n.t(key, { ...params, lng: language });
}

/**
 * An English message (an API error, a validation rule) in the reader's language: looked up by its
 * English text among the server's errors, then the contract's validation messages; itself when neither has it.
 */
export function translateMessage(language: LanguageCode, message: string, params: Record<string, MessageParam> = {}): string {
  const key = messageKey(message);
  const resolved = resolveParams(language, params);
  for (const section of ['errors', 'validation']) {
    if (i18n.exists(`${section}.${key}`, { lng: DEFAULT_LANGUAGE, ...resolved })) return t(language, `${section}.${key}`, resolved);
  }
  return interpolate(message, resolved);
}

/** English with its {{params}} filled in, for logs and for messages the catalog lacks. */
export function interpolate(template: string, params: Params = {}): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

function fromAcceptLanguage(header: string | undefined): LanguageCode | null {
  if (!header) return null;
  const tags = header
    .split(',')
    .map((part) => {
      const [tag = '', ...rest] = part.trim().split(';');
      const q = rest.find((p) => p.trim().startsWith('q='));
      return { code: tag.toLowerCase().split('-')[0], q: q ? Number(q.trim().slice(2)) : 1 };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q);
  return tags.map((entry) => entry.code).find(isLanguageCode) ?? null;
}

/**
 * The reader's language: `?lang=` (the sign-in page's picker), then the `language` cookie the app
 * keeps with its choice, then the browser's Accept-Language (a first visit), then English.
 */
export function languageOf(request: FastifyRequest): LanguageCode {
  const query = (request.query as Record<string, unknown> | undefined)?.lang;
  if (isLanguageCode(query)) return query;
  const cookie = request.cookies?.[LANGUAGE_COOKIE];
  if (isLanguageCode(cookie)) return cookie;
  return fromAcceptLanguage(request.headers['accept-language']) ?? DEFAULT_LANGUAGE;
}

/** Whether this device holds a language the visitor chose (the cookie the pickers and the app write). */
export function languageChosen(request: FastifyRequest): boolean {
  return isLanguageCode(request.cookies?.[LANGUAGE_COOKIE]);
}
