import { createRequire } from 'node:module';

// Unicode's confusables.txt (UTS #39) as one character → its prototype, shipped by unhomoglyph
// (see SOURCES.md for the version and why this package).
const CONFUSABLES = createRequire(import.meta.url)('unhomoglyph/data.json') as Record<string, string>;

// Only letters that pass for Latin ones are folded, and only one way, into Latin: a UTS #39 skeleton
// maps plain Latin too ("m" → "rn", "l" and "1" alike, "0" → "O"), so on both sides it would make
// "pom pom" match "porn*", "burn" match "bum", and digits stop being digits. Sources are non-ASCII
// Latin, Cyrillic, Greek, symbols, and the scripts homoglyph spam borrows that no one writes in this
// chat (Armenian օ ս, Cherokee, Lisu, Coptic); never the ten Indian scripts (confusables.txt maps
// e.g. Telugu "ం" and Malayalam "ഠ" to "o").
const SOURCE = /^[\p{Script=Latin}\p{Script=Cyrillic}\p{Script=Greek}\p{Script=Common}\p{Script=Armenian}\p{Script=Cherokee}\p{Script=Lisu}\p{Script=Coptic}]$/u;
const LATIN_TARGET = /^[A-Za-z]+$/;
// Combining accents on a Latin, Cyrillic or Greek letter ("shït", "fück", "ї"): stripped for matching.
const ACCENTS = /(?<=[\p{Script=Latin}\p{Script=Cyrillic}\p{Script=Greek}])\p{Script=Inherited}+/gu;
const NEEDS_FOLDING = /[^\p{ASCII}\p{Script=Devanagari}\p{Script=Bengali}\p{Script=Gurmukhi}\p{Script=Gujarati}\p{Script=Tamil}\p{Script=Telugu}\p{Script=Kannada}\p{Script=Malayalam}]/u;

let table: Map<string, string> | undefined;

// Matching is case-blind and works on lower-cased text, so the key is the lower case of the source.
// A lower-case letter's own entry wins; otherwise it takes its capital's ("н" for "Н" → "H"), since
// "ЅНІТ" is read as "SHIT" and reaches the matcher as "ѕніт".
function lookalikeTable(): Map<string, string> {
  if (table) return table;
  const own = new Map<string, string>();
  const viaCapital = new Map<string, string>();
  for (const [from, into] of Object.entries(CONFUSABLES)) {
    if (!SOURCE.test(from) || !LATIN_TARGET.test(into)) continue;
    const key = from.normalize('NFKC').toLowerCase();
    if ([...key].length !== 1 || /\p{ASCII}/u.test(key)) continue;
    (key === from ? own : viaCapital).set(key, into.toLowerCase());
  }
  table = new Map([...viaCapital, ...own]);
  return table;
}

/**
 * For matching only, on text already through foldText (NFKC, lower case): accents on Latin,
 * Cyrillic and Greek letters dropped, and letters of those scripts (and symbols) that look like
 * Latin ones written as those ("ѕhіt" with Cyrillic ѕ and і → "shit"). Plain ASCII and the Indian
 * scripts come back unchanged.
 */
export function foldLookalikes(folded: string): string {
  if (!NEEDS_FOLDING.test(folded)) return folded;
  const lookalikes = lookalikeTable();
  const bare = folded.normalize('NFD').replace(ACCENTS, '').normalize('NFC');
  let out = '';
  for (const ch of bare) out += lookalikes.get(ch) ?? ch;
  return out;
}
