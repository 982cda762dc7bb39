import { readFileSync } from 'node:fs';
import { PRODUCT_CATEGORIES, type ProductCategory } from '@live-market/contract';
import { words } from './normalise.js';

// The ten languages, in the order each dictionary entry lists them.
export const DICTIONARY_LANGUAGES = ['en', 'hi', 'bn', 'ta', 'te', 'mr', 'gu', 'kn', 'ml', 'pa'] as const;
export type DictionaryLanguage = (typeof DICTIONARY_LANGUAGES)[number];

/** A file's entry: each language's words, '|'-separated. */
export type RawEntry = Record<DictionaryLanguage, string>;

export interface Concept {
  id: string;
  category: ProductCategory;
  /** Its first English word, what a product is tagged with in its search key. */
  canonical: string;
  words: Record<DictionaryLanguage, string[]>;
}

export function readDictionaryFile(name: string): Record<string, RawEntry> {
  return JSON.parse(readFileSync(new URL(`./dictionary/${name}.json`, import.meta.url), 'utf8')) as Record<string, RawEntry>;
}

const split = (entry: RawEntry) =>
  Object.fromEntries(DICTIONARY_LANGUAGES.map((l) => [l, (entry[l] ?? '').split('|').map((w) => w.trim()).filter(Boolean)])) as Concept['words'];

export const CONCEPTS: readonly Concept[] = PRODUCT_CATEGORIES.flatMap((category) =>
  Object.entries(readDictionaryFile(category)).map(([id, entry]) => {
    const all = split(entry);
    return { id, category, canonical: all.en[0]!, words: all };
  }),
);

/** Each category's own name in the ten languages, for suggestions that open its page. */
export const CATEGORY_NAMES: ReadonlyMap<ProductCategory, Concept['words']> = new Map(
  Object.entries(readDictionaryFile('categories')).map(([slug, entry]) => [slug as ProductCategory, split(entry)]),
);

// Phrases of up to three words (cricket bat, कान की बाली), keyed by their phonetic words.
export const MAX_PHRASE_WORDS = 3;

function buildIndex(): Map<string, Set<string>> {
  const index = new Map<string, Set<string>>();
  for (const concept of CONCEPTS) {
    const canonical = words(concept.canonical).join(' ');
    for (const word of Object.values(concept.words).flat()) {
      const key = words(word).join(' ');
      if (!key) continue;
      if (!index.has(key)) index.set(key, new Set());
      index.get(key)!.add(canonical);
    }
  }
  return index;
}

const INDEX = buildIndex();

export interface PhraseMatch {
  /** Where the phrase starts among the words, and how many words it spans. */
  start: number;
  length: number;
  canonicals: string[];
}

/** Every dictionary phrase among the phonetic words, longest first at each position. */
export function dictionaryMatches(phonetic: readonly string[]): PhraseMatch[] {
  const matches: PhraseMatch[] = [];
  for (let start = 0; start < phonetic.length; start++) {
    for (let length = Math.min(MAX_PHRASE_WORDS, phonetic.length - start); length >= 1; length--) {
      const found = INDEX.get(phonetic.slice(start, start + length).join(' '));
      if (found) matches.push({ start, length, canonicals: [...found] });
    }
  }
  return matches;
}

/** The canonical words (phonetic) of every dictionary phrase among the words, in order, once each. */
export function canonicalsOf(phonetic: readonly string[]): string[] {
  return [...new Set(dictionaryMatches(phonetic).flatMap((m) => m.canonicals))];
}
