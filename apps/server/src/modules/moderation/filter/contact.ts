import { foldText } from './keywords.js';
import { foldLookalikes } from './lookalikes.js';

// Dots that browsers take as the dot between labels (UTS #46 maps them to "."): "wa。me", "wa｡me", "wa．me".
const IDNA_DOTS = /[\u3002\uFF0E\uFF61]/g;

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

// Digits in groups, with any run of spaces, dots, commas, slashes, dashes or brackets between them
// ("98765/43210", "98765,43210", "98 76 54 32 10"); a leading + or "(".
const DIGIT_RUN = /(?:\+\s*|\(\+?)?\d+(?:[\s().,/-]+\d+)*/g;
const TRUNK_PREFIXES = new Set(['0', '91', '091', '0091']);
// What prices end in: "799 899 1099", "1,249", "2,500", "79999 89999".
const PRICE_ENDING = /(?:00|49|50|99)$/;

// Pairs that go up ("sizes 62 68 74 80 86") or count down ("99 98 97 96 95 left", "60 55 50 45 40")
// are lists; a number in pairs almost never does either.
const counted = (pairs: number[]) =>
  pairs.every((pair, i) => i === 0 || pair > pairs[i - 1]!) || pairs.every((pair, i) => i === 0 || (pair <= pairs[i - 1]! && pair >= pairs[i - 1]! - 10));

// An Indian mobile (6-9 and nine more) or a landline with its 0 and area code; a list of prices
// like "1299 1499 1999" is neither.
const NATIONAL = /^(?:[6-9]\d{9}|0\d{10})$/;

/** Whether these consecutive digit groups, with the separators between them, are one phone number. */
function isPhone(groups: string[], separators: string[], international: boolean): boolean {
  const prefixed = international || TRUNK_PREFIXES.has(groups[0]!);
  const national = prefixed ? groups.slice(1) : groups;
  if (international ? groups.join('').length > 15 : !NATIONAL.test(national.join(''))) return false;
  // Prices in a row: "800 900 1000", "849, 949, 1249", "79999 89999".
  if (groups.every((group) => group.length > 2 && PRICE_ENDING.test(group))) return false;
  if (national.length <= 3) return true;
  // Otherwise written phone numbers come in at most three groups (98765 43210, 987 654 3210,
  // 080 2345 6789); more are lists ("sizes 28 30 32 34 36", "6, 7, 8, 9, 10, 11") except digits
  // typed one by one with the same separator ("9 8 7 6 5 4 3 2 1 0") and five pairs ("98 76 54 32 10").
  if (national.every((group) => group.length === 1)) return new Set(prefixed ? separators.slice(1) : separators).size === 1;
  return national.length === 5 && national.every((group) => group.length === 2) && !counted(national.map(Number));
}

// A run may carry a number between other figures ("98765 43210, 2 pcs", "qty 2 98765 43210"):
// every stretch of consecutive groups long enough to be one is tried.
function hasPhone(text: string): boolean {
  for (const [run] of text.matchAll(DIGIT_RUN)) {
    const groups = run.match(/\d+/g)!;
    const separators = run.replace(/^\D+/, '').match(/\D+/g) ?? [];
    for (let first = 0; first < groups.length; first++) {
      const international = first === 0 && /^\(?\+/.test(run);
      const trunk = groups[first]!;
      // Only a + or a 0, 6, 7, 8, 9 or 91 starts a number (cheap, so a long list of figures stays cheap).
      if (!international && !/^[06-9]/.test(trunk) && !TRUNK_PREFIXES.has(trunk) && trunk.length < 10) continue;
      let digits = '';
      for (let last = first; last < groups.length && digits.length <= 15; last++) {
        // Ten digits or more in one go are a number whatever they start with.
        if (groups[last]!.length >= 10) return true;
        digits += groups[last];
        if (digits.length < 10) continue;
        // The digits alone first, for the same reason.
        if (!international && !NATIONAL.test(digits) && !(TRUNK_PREFIXES.has(trunk) && NATIONAL.test(digits.slice(trunk.length)))) continue;
        if (isPhone(groups.slice(first, last + 1), separators.slice(first, last), international)) return true;
      }
    }
  }
  return false;
}

/** True when the text carries a web link or a phone number (what a rival posts to take a sale off the platform). */
export function hasLinkOrPhone(text: string): boolean {
  // Keycap emoji (9️⃣) are a digit, a variation selector (gone with foldText) and U+20E3; any
  // script's digits count. Look-alike letters are folded so "wа.me" with a Cyrillic а is a link.
  const folded = foldLookalikes(foldText(text))
    .replace(IDNA_DOTS, '.')
    .replace(/\u20E3/g, '')
    .replace(/\p{Nd}/gu, (digit) => (digit >= '0' && digit <= '9' ? digit : asciiDigit(digit)));
  return hasLink(folded) || hasPhone(folded);
}
