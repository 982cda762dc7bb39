import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';
import { sfntOfWoff } from './woff.js';

const require = createRequire(import.meta.url);

// Noto Sans from the @fontsource packages (no system fonts needed): a face per script of our ten
// languages, Latin for the rest, Latin Extended for ₹ and accented letters. pdfkit embeds the subset used.
const FACES = {
  latin: ['@fontsource/noto-sans', 'noto-sans-latin'],
  latinExt: ['@fontsource/noto-sans', 'noto-sans-latin-ext'],
  devanagari: ['@fontsource/noto-sans-devanagari', 'noto-sans-devanagari-devanagari'],
  bengali: ['@fontsource/noto-sans-bengali', 'noto-sans-bengali-bengali'],
  gurmukhi: ['@fontsource/noto-sans-gurmukhi', 'noto-sans-gurmukhi-gurmukhi'],
  gujarati: ['@fontsource/noto-sans-gujarati', 'noto-sans-gujarati-gujarati'],
  tamil: ['@fontsource/noto-sans-tamil', 'noto-sans-tamil-tamil'],
  telugu: ['@fontsource/noto-sans-telugu', 'noto-sans-telugu-telugu'],
  kannada: ['@fontsource/noto-sans-kannada', 'noto-sans-kannada-kannada'],
  malayalam: ['@fontsource/noto-sans-malayalam', 'noto-sans-malayalam-malayalam'],
} as const;
export type Face = keyof typeof FACES;
export type Weight = 400 | 700;
export const FACE_NAMES = Object.keys(FACES) as Face[];

const PATCHED = Symbol('null anchors skipped');

/**
 * fontkit 2.0.4 throws on a GPOS anchor that is NULL, which OpenType allows ("no anchor for this mark
 * class"): every Gurmukhi, Telugu and Malayalam word with a vowel sign hits it with Noto Sans
 * (foliojs/fontkit#367, fixed by the unreleased PR #374). Skip that attachment as HarfBuzz does. The
 * processor class is not exported, so it is reached through a font's layout engine. Drop this once a
 * fontkit release carries the fix.
 */
function skipNullAnchors(font: fontkit.Font) {
  const engine = (font as unknown as { _layoutEngine?: { engine?: { GPOSProcessor?: object } } })._layoutEngine;
  const gpos = engine?.engine?.GPOSProcessor;
  if (!gpos) return;
  const proto = Object.getPrototypeOf(gpos) as Record<string | symbol, unknown>;
  const apply = proto.applyAnchor;
  if (proto[PATCHED] || typeof apply !== 'function') return;
  proto.applyAnchor = function (this: unknown, markRecord: { markAnchor?: unknown } | null, baseAnchor: unknown, baseIndex: number) {
    if (!baseAnchor || !markRecord?.markAnchor) return;
    return apply.call(this, markRecord, baseAnchor, baseIndex);
  };
  proto[PATCHED] = true;
}

// Parsed once per process and shared by every document: fontkit layout is synchronous and pdfkit
// builds each document's own subset, so sharing is safe and spares parsing 20 fonts per PDF.
const loaded = new Map<string, fontkit.Font>();
export function fontOf(face: Face, weight: Weight): fontkit.Font {
  const key = `${face}-${weight}`;
  let font = loaded.get(key);
  if (!font) {
    const [pkg, prefix] = FACES[face];
    const parsed = fontkit.create(sfntOfWoff(readFileSync(require.resolve(`${pkg}/files/${prefix}-${weight}-normal.woff`))));
    if (!('layout' in parsed)) throw new Error(`${key}: expected one font, found a collection`);
    font = parsed;
    skipNullAnchors(font);
    loaded.set(key, font);
  }
  return font;
}

const BLOCKS: Array<[number, number, Face]> = [
  [0x0900, 0x097f, 'devanagari'],
  [0xa8e0, 0xa8ff, 'devanagari'],
  [0x0980, 0x09ff, 'bengali'],
  [0x0a00, 0x0a7f, 'gurmukhi'],
  [0x0a80, 0x0aff, 'gujarati'],
  [0x0b80, 0x0bff, 'tamil'],
  [0x0c00, 0x0c7f, 'telugu'],
  [0x0c80, 0x0cff, 'kannada'],
  [0x0d00, 0x0d7f, 'malayalam'],
];
const LATIN: Face[] = ['latin', 'latinExt'];

function scriptOf(cp: number): Face | null {
  for (const [from, to, face] of BLOCKS) if (cp >= from && cp <= to) return face;
  return null;
}

const covers = (face: Face, cp: number) => fontOf(face, 400).hasGlyphForCodePoint(cp);

/**
 * The face for one character after a run in `current`. An Indian letter takes its script's face.
 * Anything else (space, digits, punctuation, joiners, the danda) stays in the current run when that
 * font has it, so a word and what follows it shape together; otherwise the first face that has the
 * glyph: a phone's curly apostrophe or an en dash is in neither Latin subset of the other.
 */
function faceFor(ch: string, current: Face | undefined): Face {
  const cp = ch.codePointAt(0)!;
  const script = scriptOf(cp);
  if (script) return script;
  if (current && current !== 'latin' && current !== 'latinExt' && covers(current, cp)) return current;
  return LATIN.find((f) => covers(f, cp)) ?? FACE_NAMES.find((f) => covers(f, cp)) ?? 'latin';
}

/** Whether text holds a letter of one of the Indian scripts (and so needs its typed form kept). */
export const hasIndianScript = (text: string) => [...text].some((ch) => scriptOf(ch.codePointAt(0)!) !== null);

/** Text cut into runs of one face each: "Ravi (रवि)" → Latin "Ravi (", Devanagari "रवि", Latin ")". */
export function runs(text: string): Array<{ face: Face; text: string }> {
  const out: Array<{ face: Face; text: string }> = [];
  for (const ch of text) {
    const last = out.at(-1);
    const face = faceFor(ch, last?.face);
    if (last?.face === face) last.text += ch;
    else out.push({ face, text: ch });
  }
  return out;
}
