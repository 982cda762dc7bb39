import { canonicalsOf, dictionaryMatches } from './dictionary.js';
import { words } from './normalise.js';

// A search key: the phonetic ASCII words of a name (any script), then the canonical word of each
// dictionary concept the name contains, so "புடவை" carries "saree" and is found by "saree", "साड़ी" or "sari".
// Trigram indexes (pg_trgm) on this column do the fuzzy part: typos and partial words.

/** The key stored for a product, store or show name. */
export function searchKey(...texts: (string | null | undefined)[]): string {
  const own = texts.flatMap((t) => (t ? words(t) : []));
  const extra = canonicalsOf(own).filter((c) => !c.split(' ').every((w) => own.includes(w)));
  return [...own, ...extra].join(' ');
}

// Enough variants for a query naming two things in other words ("red புடவை with jhumka"), few enough to stay quick.
const MAX_VARIANTS = 4;

/**
 * How a typed query is compared with keys: its own phonetic words, then the same query with each
 * dictionary phrase in it put in canonical words ("red putvai" → "rd sri"). Empty when it holds no
 * letters or digits.
 */
export function queryVariants(q: string): string[] {
  const own = words(q);
  const variants = new Set([own.join(' ')]);
  for (const match of dictionaryMatches(own)) {
    for (const canonical of match.canonicals) {
      variants.add([...own.slice(0, match.start), canonical, ...own.slice(match.start + match.length)].join(' '));
    }
  }
  return [...variants].filter(Boolean).slice(0, MAX_VARIANTS);
}
