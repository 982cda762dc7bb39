import { foldText } from './keywords.js';

const SCHEME_OR_WWW = /https?:\/\/|(?<![\p{L}\p{N}])www\.[\p{L}\p{N}]/u;
// Labels, then a TLD a rival would use. Not after a dot or a letter, so "hello...in" and "a.b" inside
// a longer word are not domains; not followed by a letter or digit, so "site.comfortable" is not one.
const DOMAIN =
  /(?<![\p{L}\p{N}._-])((?:[a-z0-9-]+\.)+)(com|in|net|org|io|me|ly|link|shop|store|xyz|app|info|biz|site|online|co|gl)(?![\p{L}\p{N}_-])/gu;
// TLDs that are also English words: "nice saree.in stock?" is a sentence missing a space.
const WORD_TLDS = new Set(['in', 'me', 'co', 'net', 'link', 'shop', 'store', 'app', 'info', 'site', 'online']);
// Short-link and chat hosts, links even bare and with a one-letter name.
const LINK_HOSTS = new Set(['wa.me', 't.me', 'm.me', 'fb.me', 'bit.ly', 'goo.gl', 'cutt.ly', 'tinyurl.com', 'linktr.ee']);

function isLink(labels: string[], tld: string, after: string): boolean {
  const name = labels.at(-1)!;
  if (LINK_HOSTS.has(`${name}.${tld}`)) return true;
  // "rs.500.in" or "5.5.in": numbers, not a name.
  if (!/[a-z]/.test(name)) return false;
  if (!WORD_TLDS.has(tld)) return true;
  if (/^[/:]/.test(after)) return true;
  if (labels.length > 1 && labels.every((label) => label.length > 1)) return true;
  return !/^\s+\p{L}/u.test(after);
}

function hasLink(text: string): boolean {
  if (SCHEME_OR_WWW.test(text)) return true;
  for (const m of text.matchAll(DOMAIN)) {
    const labels = m[1]!.slice(0, -1).split('.');
    if (isLink(labels, m[2]!, text.slice(m.index + m[0].length))) return true;
  }
  return false;
}

// Every decimal digit block of Unicode is ten code points in a row, zero first: a digit's value is how
// many digits come before it in its run, modulo ten (runs of several blocks exist).
const ND = /\p{Nd}/u;
const digitValues = new Map<string, string>();
function asciiDigit(digit: string): string {
  let value = digitValues.get(digit);
  if (value === undefined) {
    const code = digit.codePointAt(0)!;
    let before = 0;
    while (ND.test(String.fromCodePoint(code - before - 1))) before += 1;
    value = String(before % 10);
    digitValues.set(digit, value);
  }
  return value;
}

// Digits in groups with up to three separators between them; a leading + or "(".
const DIGIT_RUN = /(?:\+\s?|\(\+?)?\d+(?:[\s().-]{1,3}\d+)*/g;
const TRUNK_PREFIXES = new Set(['0', '91', '091', '0091']);

function isPhone(run: string): boolean {
  const groups = run.match(/\d+/g) ?? [];
  const digits = groups.join('');
  if (digits.length < 10) return false;
  if (groups.some((group) => group.length >= 10)) return true;
  // Prices in a row: "800 900 1000", "799 899 1099", "79999 89999".
  if (['00', '99'].some((end) => groups.every((group) => group.length > 2 && group.endsWith(end)))) return false;
  const international = /^\(?\+/.test(run);
  const national = international || TRUNK_PREFIXES.has(groups[0]!) ? groups.slice(1) : groups;
  // "9 8 7 6 5 4 3 2 1 0": digits typed one by one, with the same separator throughout.
  const separators = new Set(run.replace(/^\D+/, '').match(/\D+/g));
  const oneByOne = groups.every((group) => group.length === 1) && separators.size === 1;
  // Written phone numbers come in at most three groups (98765 43210, 987 654 3210, 080 2345 6789);
  // more are lists: "sizes 28 30 32 34 36", "6.5 7.5 8.5".
  if (!oneByOne && national.length > 3) return false;
  if (international) return digits.length <= 15;
  // An Indian mobile (6-9 and nine more) or a landline with its 0 and area code; a list of prices
  // like "1299 1499 1999" is neither.
  return /^(?:[6-9]\d{9}|0\d{10})$/.test(national.join(''));
}

function hasPhone(text: string): boolean {
  for (const [run] of text.matchAll(DIGIT_RUN)) if (isPhone(run)) return true;
  return false;
}

/** True when the text carries a web link or a phone number (what a rival posts to take a sale off the platform). */
export function hasLinkOrPhone(text: string): boolean {
  // Keycap emoji (9️⃣) are a digit, a variation selector and U+20E3; any script's digits count.
  const folded = foldText(text)
    .replace(/[\uFE0F\u20E3]/g, '')
    .replace(/\p{Nd}/gu, (digit) => (digit >= '0' && digit <= '9' ? digit : asciiDigit(digit)));
  return hasLink(folded) || hasPhone(folded);
}
