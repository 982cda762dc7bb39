import { COUNTRY_CODES } from '@live-market/contract/product-terms';

const namers = new Map<string, Intl.DisplayNames | null>();
function namer(language: string): Intl.DisplayNames | null {
  if (!namers.has(language)) {
    try {
      namers.set(language, new Intl.DisplayNames([language, 'en'], { type: 'region' }));
    } catch {
      namers.set(language, null);
    }
  }
  return namers.get(language)!;
}

/** A country's name in the reader's language, from the browser's own data (Intl.DisplayNames). */
export function countryName(code: string, language: string): string {
  return namer(language)?.of(code) ?? code;
}

/** Every country for a picker, India first (most of what is sold here is made here), the rest by name. */
export function countryOptions(language: string): { code: string; name: string }[] {
  const collator = new Intl.Collator(language);
  const rest = COUNTRY_CODES.filter((code) => code !== 'IN')
    .map((code) => ({ code, name: countryName(code, language) }))
    .sort((a, b) => collator.compare(a.name, b.name));
  return [{ code: 'IN', name: countryName('IN', language) }, ...rest];
}
