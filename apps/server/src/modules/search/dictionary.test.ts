import { describe, expect, it } from 'vitest';
import { PRODUCT_CATEGORIES } from '@live-market/contract';
import { CATEGORY_NAMES, CONCEPTS, DICTIONARY_LANGUAGES, type DictionaryLanguage } from './dictionary.js';
import { queryVariants, searchKey } from './key.js';
import { words } from './normalise.js';

// Each language's own script (Marathi shares Devanagari with Hindi); English words are Latin letters.
const SCRIPT: Record<DictionaryLanguage, RegExp> = {
  en: /^[a-z0-9 '-]+$/,
  hi: /^[\u0900-\u097f\s-]+$/,
  mr: /^[\u0900-\u097f\s-]+$/,
  bn: /^[\u0980-\u09ff\u200c\u200d\s-]+$/,
  pa: /^[\u0a00-\u0a7f\s-]+$/,
  gu: /^[\u0a80-\u0aff\s-]+$/,
  ta: /^[\u0b80-\u0bff\s-]+$/,
  te: /^[\u0c00-\u0c7f\u200c\s-]+$/,
  kn: /^[\u0c80-\u0cff\u200c\u200d\s-]+$/,
  ml: /^[\u0d00-\u0d7f\u200c\u200d\s-]+$/,
};

describe('the synonym dictionary', () => {
  it('has at least 150 concepts across the six categories', () => {
    expect(CONCEPTS.length).toBeGreaterThanOrEqual(150);
    for (const category of PRODUCT_CATEGORIES) expect(CONCEPTS.filter((c) => c.category === category).length, category).toBeGreaterThanOrEqual(20);
    expect(new Set(CONCEPTS.map((c) => c.id)).size).toBe(CONCEPTS.length);
  });

  it('gives every concept and category words in all ten languages, each in its own script', () => {
    const entries = [...CONCEPTS.map((c) => [c.id, c.words] as const), ...[...CATEGORY_NAMES].map(([slug, w]) => [slug, w] as const)];
    for (const [id, byLanguage] of entries) {
      for (const language of DICTIONARY_LANGUAGES) {
        const list = byLanguage[language];
        expect(list.length, `${id} ${language}`).toBeGreaterThan(0);
        for (const word of list) expect(word, `${id} ${language}`).toMatch(SCRIPT[language]);
      }
    }
  });

  it('keys every word to something searchable', () => {
    for (const concept of CONCEPTS) for (const word of Object.values(concept.words).flat()) expect(words(word).length, word).toBeGreaterThan(0);
  });
});

describe('search keys', () => {
  it('spells alike what Indians spell differently, in any script', () => {
    const same = [
      ['jhumka', 'झुमका', 'ঝুমকা', 'jumka'],
      ['saree', 'sari', 'saaree', 'साड़ी', 'শাড়ি', 'ਸਾੜੀ'],
      ['earrings', 'earings'],
      ['payal', 'पायल', 'paayal'],
      ['lehenga', 'lehnga', 'लहंगा'],
      ['mehendi', 'मेहंदी'],
      ['angoothi', 'अंगूठी', 'anguthi'],
      ['kurta', 'कुर्ता', 'కుర్తా', 'ಕುರ್ತಾ', 'કુર્તા'],
      ['phone', 'fone', 'फोन'],
      ['dupatta', 'duppata', 'दुपट्टा'],
    ];
    for (const group of same) expect(new Set(group.map((w) => words(w).join(' '))).size, group.join(' ')).toBe(1);
    expect(words('jhumka')).not.toEqual(words('kurta'));
  });

  it("adds the canonical word of a dictionary concept the name contains", () => {
    expect(searchKey('பட்டு புடவை')).toContain(words('saree')[0]);
    expect(searchKey('ਸਾੜੀ')).toBe(words('saree').join(' '));
    expect(searchKey('क्रिकेट बैट')).toContain(words('cricket bat').join(' '));
  });

  it('asks for a query in the dictionary words too', () => {
    expect(queryVariants('red புடவை')).toEqual([words('red புடவை').join(' '), [...words('red'), ...words('saree')].join(' ')]);
    expect(queryVariants('!!!')).toEqual([]);
  });
});
