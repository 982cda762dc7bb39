import { readFileSync } from 'node:fs';
import { foldLookalikes } from './lookalikes.js';

// Invisible characters people slip into a word to get it past a filter: Unicode's
// Default_Ignorable_Code_Point set (DerivedCoreProperties.txt), which has zero-width spaces and
// joiners, soft hyphen, direction marks and bidi controls (U+200E/F, U+202A–E, U+2066–9), invisible
// operators (U+2061–4), U+034F, U+180E, Hangul fillers (U+3164, U+115F/60, U+FFA0), and the emoji
// variation selectors and tag characters (marks: after "❤️" one would hide the start of the next
// word). JavaScript's set covers every one of those (checked in keywords.test.ts).
const INVISIBLE = /\p{Default_Ignorable_Code_Point}/gu;

/** Folds a text or keyword for matching: NFKC, lower case, default-ignorable (invisible) characters removed. */
export function foldText(text: string): string {
  // Removed before NFKC, so a character hidden between a letter and its mark does not block normalisation.
  return text.replace(INVISIBLE, '').normalize('NFKC').toLowerCase();
}

/** A seller's own word, cleaned for storage: trimmed, inner whitespace collapsed to one space, foldText'ed; '' when nothing is left. */
export function normalizeKeyword(word: string): string {
  return foldText(word).replace(/\s+/g, ' ').trim();
}

export interface KeywordFilter {
  /** The first keyword found in text (as given in the list), or null. */
  match(text: string): string | null;
  readonly size: number;
  /**
   * Compiles the filter's regexes ahead of the messages, a group of keywords a step (see warm.ts).
   * Unwarmed, the first messages that reach each group pay for it: ~0.45 s for the default list.
   */
  warmSteps(): Generator<void, void>;
}

// Malayalam writes a chillu as one code point or as consonant + virama (+ ZWJ, already removed).
const CHILLU: Record<string, string> = { '\u0D7A': '\u0D23\u0D4D', '\u0D7B': '\u0D28\u0D4D', '\u0D7C': '\u0D30\u0D4D', '\u0D7D': '\u0D32\u0D4D', '\u0D7E': '\u0D33\u0D4D', '\u0D7F': '\u0D15\u0D4D' };
const CHILLUS = /[\u0D7A-\u0D7F]/g;

// Beyond foldText, on both sides, for matching only: what people read stays as they wrote it.
const matchForm = (folded: string) => foldLookalikes(folded).replace(CHILLUS, (c) => CHILLU[c] ?? c);

const WORD_CHAR = '[\\p{L}\\p{M}\\p{N}]';
const START = `(?<!${WORD_CHAR})`;
const END = `(?!${WORD_CHAR})`;
// Between the words of a phrase: any run of spaces, punctuation or symbols (emoji included).
const GAP = '[\\s\\p{P}\\p{S}]+';
// Inside a Latin word, one dot, dash, underscore or asterisk may sit between two letters ("b.a.d").
const SEPARATOR = '[._*\\-]?';
const LATIN = /^\p{Script=Latin}$/u;
const DIGIT = /^\p{N}$/u;

const escape = (ch: string) => ch.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&');

// Each run of k equal characters becomes one bounded piece, never c+c+… (adjacent pieces that can
// take the same text make the engine try every split): c{k,}; in Latin c(?:sep?c){k-1}c*, so
// "a.s.s" and "asss" match "ass" but separators and stretching do not mix in one run ("b.a.a.d");
// a separator loop over a whole run would rescan "p.p.p.p…" from every letter, ~4 ms a message.
// Digits do not stretch: "420" is not "4200".
function wordPattern(word: string): string {
  const runs: Array<{ ch: string; count: number }> = [];
  for (const ch of word) {
    const last = runs.at(-1);
    if (last?.ch === ch) last.count += 1;
    else runs.push({ ch, count: 1 });
  }
  let pattern = '';
  runs.forEach(({ ch, count }, i) => {
    const c = escape(ch);
    if (!LATIN.test(ch)) pattern += DIGIT.test(ch) ? `${c}{${count}}` : `${c}{${count},}`;
    else {
      if (i > 0 && LATIN.test(runs[i - 1]!.ch)) pattern += SEPARATOR;
      pattern += count === 1 ? `${c}+` : `${c}(?:${SEPARATOR}${c}){${count - 1}}${c}*`;
    }
  });
  return pattern;
}

// A keyword's own separators inside a Latin word are dropped ("e-kyc" is "ekyc", which matches
// "e-kyc" again), and punctuation at a word's edges means nothing to a whole-word match. Either,
// left in, would overlap with the separators and gaps the pattern allows and make it backtrack.
function cleanWord(word: string): string {
  const inner = word.replace(/(?<=\p{Script=Latin})[._*-]+(?=\p{Script=Latin})/gu, '');
  return /[\p{L}\p{N}]/u.test(inner) ? inner.replace(/^[\p{P}\p{S}]+|[\p{P}\p{S}]+$/gu, '') : inner;
}

interface Entry {
  given: string;
  /** The first character the keyword can start with in a folded text. */
  first: string;
  /** The words; a whole-word keyword (not `prefix`) must then end a word, which `any` checks once for all of them. */
  pattern: string;
  prefix: boolean;
  length: number;
}

function toEntry(given: string): Entry | null {
  const key = matchForm(normalizeKeyword(given));
  const prefix = key.endsWith('*');
  // Only a trailing * means "prefix"; leading ones are dropped.
  const cleaned = key.replace(/^[*\s]+|[*\s]+$/g, '').split(' ').map(cleanWord).filter(Boolean);
  // "kyc - update": the gap covers the dash. A keyword of symbols alone ("😡") keeps them, as one
  // word, since a gap can be a symbol too.
  const lettered = cleaned.filter((word) => /[\p{L}\p{N}]/u.test(word));
  const words = lettered.length > 0 ? lettered : [cleaned.join('')];
  if (!words[0]) return null;
  const pattern = words.map(wordPattern).join(GAP);
  const body = words.join(' ');
  return { given, first: [...body][0]!, pattern, prefix, length: [...body].length };
}

interface Bucket {
  /** All keywords starting with one character as one sticky regex: only whether any matches, so their order does not matter. */
  any: RegExp;
  entries: Entry[];
  /** One per entry: after a hit, tells which keyword it was without capture groups in `any`. */
  each: RegExp[];
}

const NEVER: KeywordFilter = { match: () => null, size: 0, *warmSteps() {} };

// V8 compiles a regex on its first run for each width of subject (one byte a character, or two), to
// bytecode, then to machine code on the run after: two runs on each.
const WARM_SUBJECTS = ['a', 'a', '\u0915', '\u0915'];
function warmRegex(regex: RegExp) {
  for (const subject of WARM_SUBJECTS) {
    regex.lastIndex = 0;
    regex.test(subject);
  }
  regex.lastIndex = 0;
}

const escapeInClass = (ch: string) => ch.replace(/[\\\][^-]/g, '\\$&');

/** Compiles a list once; match() is then cheap (one precompiled regex or equivalent). */
export function compileKeywordFilter(words: readonly string[]): KeywordFilter {
  const byPattern = new Map<string, Entry>();
  for (const word of words) {
    const entry = toEntry(word);
    if (!entry) continue;
    const id = `${entry.prefix ? '*' : ''}${entry.pattern}`;
    if (!byPattern.has(id)) byPattern.set(id, entry);
  }
  if (byPattern.size === 0) return NEVER;
  // One regex of hundreds of alternatives runs every alternative at every word start (~75 µs a
  // message for the default list); a scan for word starts whose first character begins some keyword,
  // then only that character's keywords, gives the same answer in a few µs.
  const groups = new Map<string, Entry[]>();
  for (const entry of byPattern.values()) {
    const group = groups.get(entry.first) ?? [];
    group.push(entry);
    groups.set(entry.first, group);
  }
  const buckets = new Map<string, Bucket>();
  for (const [first, group] of groups) {
    // Longest first, so the more specific keyword is the one reported.
    const entries = group.sort((a, b) => b.length - a.length);
    // The end-of-word test once after the whole words' alternation, not once in each: V8 compiles a
    // Unicode class anew wherever it appears (200 words of one letter: 380 ms to compile, 70 this way).
    const whole = entries.filter((e) => !e.prefix).map((e) => e.pattern);
    const prefixes = entries.filter((e) => e.prefix).map((e) => e.pattern);
    const any = new RegExp([...(whole.length ? [`(?:${whole.join('|')})${END}`] : []), ...prefixes].join('|'), 'uy');
    buckets.set(first, { any, entries, each: entries.map((e) => new RegExp(e.prefix ? e.pattern : e.pattern + END, 'uy')) });
  }
  const starts = new RegExp(`${START}[${[...buckets.keys()].map(escapeInClass).join('')}]`, 'gu');
  const test = (regex: RegExp, text: string, at: number) => {
    regex.lastIndex = at;
    return regex.test(text);
  };
  return {
    size: byPattern.size,
    *warmSteps() {
      warmRegex(starts);
      for (const bucket of buckets.values()) {
        warmRegex(bucket.any);
        yield;
        bucket.each.forEach(warmRegex);
        yield;
      }
    },
    match(text) {
      const folded = matchForm(foldText(text));
      starts.lastIndex = 0;
      for (let start = starts.exec(folded); start; start = starts.exec(folded)) {
        const bucket = buckets.get(start[0])!;
        if (!test(bucket.any, folded, start.index)) continue;
        const index = bucket.each.findIndex((regex) => test(regex, folded, start.index));
        return bucket.entries[index]!.given;
      }
      return null;
    },
  };
}

let defaultFilter: KeywordFilter | undefined;

/** The default list (all languages of default-keywords.json), compiled once, lazily. */
export function defaultKeywordFilter(): KeywordFilter {
  if (!defaultFilter) {
    const lists = JSON.parse(readFileSync(new URL('./default-keywords.json', import.meta.url), 'utf8')) as Record<string, string[]>;
    defaultFilter = compileKeywordFilter(Object.values(lists).flat());
  }
  return defaultFilter;
}
