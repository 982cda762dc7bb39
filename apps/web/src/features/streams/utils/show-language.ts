import { LANGUAGES, type LanguageCode } from '@live-market/contract/i18n';

// Issue 29: a show is in one of the ten languages; viewers see their own first, or only the one they choose.

export type LanguageEntry = (typeof LANGUAGES)[number];

/** The ten languages, the viewer's own first, the rest in the app's usual order. */
export function languagesOwnFirst(own: string): LanguageEntry[] {
  return [...LANGUAGES].sort((a, b) => Number(b.code === own) - Number(a.code === own));
}

export function nativeNameOf(code: string): string {
  return LANGUAGES.find((l) => l.code === code)?.nativeName ?? code;
}

/**
 * The shows a viewer sees: only the chosen language's when one is chosen; otherwise every show, the
 * viewer's own language first and the rest in the list's own order (newest live, soonest upcoming).
 */
export function showsForViewer<T extends { language: string }>(shows: T[], own: string, chosen: LanguageCode | null): T[] {
  if (chosen) return shows.filter((s) => s.language === chosen);
  return [...shows].sort((a, b) => Number(b.language === own) - Number(a.language === own));
}
