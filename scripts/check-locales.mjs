#!/usr/bin/env node
// The ten-languages gate (issue 10, decision 016): every locale carries every key of its en.json, keeps
// its placeholders, translates what is English, and writes in its own script. `npm test` runs it first.
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Folders holding one <code>.json per language; en.json is the key source of each. */
export const LOCALE_DIRS = ['apps/web/src/locales', 'packages/contract/locales', 'apps/server/src/locales'];

export const SCRIPTS = {
  hi: 'Devanagari',
  mr: 'Devanagari',
  bn: 'Bengali',
  pa: 'Gurmukhi',
  gu: 'Gujarati',
  ta: 'Tamil',
  te: 'Telugu',
  kn: 'Kannada',
  ml: 'Malayalam',
};

// What native speakers write in Latin letters: our name, payment and identity terms, units, and the
// names of software a seller types into (OBS, Larix, WHIP).
export const LATIN_ALLOWED = new Set([
  'LiveMarket', 'UPI', 'COD', 'OTP', 'LIVE', 'GST', 'GSTIN', 'PAN', 'IFSC', 'HSN', 'UTR', 'TCS', 'TDS', 'CSV', 'PDF', 'IST', 'PM', 'AM', 'SMS', 'Razorpay',
  'Visa', 'RuPay', 'Mastercard', 'Paytm', 'PhonePe', 'GPay', 'Google', 'Pay', 'WhatsApp', 'Android', 'Chrome',
  'F8', 'https', 'http', 's', 'JPEG', 'PNG', 'WebP', 'AVIF', 'HEIC', 'MB', 'KB', 'OBS', 'Larix', 'WHIP',
]);

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;
// i18next's {{name}}, and Radix's {hotkey} in the toast region's label.
const PLACEHOLDER = /\{\{\s*([\w.]+)\s*\}\}|(?<!\{)\{(\w+)\}(?!\})/g;

function flatten(tree, prefix = '', out = new Map()) {
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') out.set(prefix + key, value);
    else if (value && typeof value === 'object') flatten(value, `${prefix}${key}.`, out);
    else out.set(prefix + key, value);
  }
  return out;
}

const placeholders = (text) => [...text.matchAll(PLACEHOLDER)].map((m) => m[1] ?? m[2]).sort().join(',');

/** The letters a reader would see as words, once placeholders and allowed Latin tokens are gone. */
function wordsOutsideScript(text, script) {
  const inScript = new RegExp(`^[\\p{Script=${script}}\\p{M}]$`, 'u');
  const stripped = text
    .replace(PLACEHOLDER, ' ')
    // e-mail addresses, URLs and codes with digits (a PAN, a GSTIN) are examples, not words.
    .replace(/\S+@\S+|\bhttps?:\/\/\S+|\b[A-Z0-9]*\d[A-Z0-9]*\b/g, ' ');
  const bad = [];
  for (const word of stripped.match(/[\p{L}\p{M}]+/gu) ?? []) {
    if (LATIN_ALLOWED.has(word)) continue;
    if ([...word].some((ch) => /\p{L}/u.test(ch) && !inScript.test(ch))) bad.push(word);
  }
  return bad;
}

/** English with words a translator must turn (not only placeholders, numbers or allowed terms). */
const hasTranslatableWords = (text) => wordsOutsideScript(text, 'Devanagari').length > 0;

/** The keys a language needs for one English key: plural keys follow the language's CLDR categories. */
function expectedKeys(enKey, code) {
  const match = enKey.match(PLURAL_SUFFIX);
  if (!match) return [enKey];
  const base = enKey.slice(0, -match[0].length);
  return new Intl.PluralRules(code).resolvedOptions().pluralCategories.map((c) => `${base}_${c}`);
}

/**
 * Problems of one locale against English, as readable lines. `sibling` is a language sharing the script
 * (hi for mr): a whole sentence the same in both is a copy, not a translation.
 */
export function checkLocale(code, en, locale, sibling) {
  const problems = [];
  const enFlat = flatten(en);
  const flat = flatten(locale);
  const siblingFlat = sibling ? flatten(sibling) : null;
  const script = SCRIPTS[code];
  const wanted = new Map();
  for (const [enKey, enText] of enFlat) {
    for (const key of expectedKeys(enKey, code)) {
      // A language with categories English lacks (none of ours today) takes the 'other' text as its source.
      const source = enFlat.get(key) ?? enFlat.get(enKey.replace(PLURAL_SUFFIX, '_other')) ?? enText;
      wanted.set(key, source);
    }
  }
  for (const [key, source] of wanted) {
    const text = flat.get(key);
    if (text === undefined) {
      problems.push(`${code}: missing ${key}`);
      continue;
    }
    if (typeof text !== 'string' || text.trim() === '') {
      problems.push(`${code}: ${key} is empty`);
      continue;
    }
    if (placeholders(text) !== placeholders(source)) {
      problems.push(`${code}: ${key} has placeholders {${placeholders(text)}}, English has {${placeholders(source)}}`);
    }
    if (text === source && hasTranslatableWords(source)) {
      problems.push(`${code}: ${key} is still English: "${text}"`);
      continue;
    }
    const outside = wordsOutsideScript(text, script);
    if (outside.length) problems.push(`${code}: ${key} has words outside ${script}: ${outside.join(', ')}`);
    const twin = siblingFlat?.get(key);
    if (twin === text && text.trim().split(/\s+/).length >= 3) problems.push(`${code}: ${key} is a copy of the ${script} sibling: "${text}"`);
  }
  for (const key of flat.keys()) if (!wanted.has(key)) problems.push(`${code}: ${key} is not a key of en.json`);
  return problems;
}

const SIBLINGS = { mr: 'hi' };

/** Every problem in every locale folder; an empty list means ten languages complete. */
export function checkLocaleDir(dir) {
  const read = (code) => JSON.parse(readFileSync(join(dir, `${code}.json`), 'utf8'));
  const files = readdirSync(dir).filter((f) => f.endsWith('.json'));
  const problems = [];
  for (const code of ['en', ...Object.keys(SCRIPTS)]) {
    if (!files.includes(`${code}.json`)) problems.push(`${dir}: no ${code}.json`);
  }
  for (const file of files) {
    const code = file.slice(0, -'.json'.length);
    if (code !== 'en' && !SCRIPTS[code]) problems.push(`${dir}: ${file} is not one of our ten languages`);
  }
  if (problems.length) return problems;
  const en = read('en');
  for (const code of Object.keys(SCRIPTS)) {
    const sibling = SIBLINGS[code] ? read(SIBLINGS[code]) : undefined;
    problems.push(...checkLocale(code, en, read(code), sibling).map((p) => `${dir}/${p}`));
  }
  return problems;
}

function summary(dir) {
  const en = flatten(JSON.parse(readFileSync(join(dir, 'en.json'), 'utf8')));
  return `${dir}: ${en.size} keys`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dirs = LOCALE_DIRS.map((d) => join(ROOT, d)).filter((d) => existsSync(d));
  const problems = dirs.flatMap(checkLocaleDir);
  if (problems.length) {
    const shown = problems.slice(0, 60);
    console.error(shown.join('\n'));
    if (problems.length > shown.length) console.error(`... and ${problems.length - shown.length} more`);
    const byLang = {};
    for (const p of problems) {
      const code = p.match(/\/(\w\w): /)?.[1] ?? '?';
      byLang[code] = (byLang[code] ?? 0) + 1;
    }
    console.error(`locales: ${problems.length} problems`, byLang);
    process.exit(1);
  }
  console.log(`locales: 10/10 languages complete (${dirs.map((d) => summary(d).replace(ROOT, '')).join('; ')})`);
}
