import type PDFDocument from 'pdfkit';
import { runs } from '../invoices/fonts.js';

// Text on a shipping label has a fixed box to fit, in any of our scripts. pdfkit's own wrapping
// neither measures text that changes font mid-line nor tells in advance how tall a paragraph will
// be, so lines are broken and measured here and each run is drawn at a computed position.

export type Doc = InstanceType<typeof PDFDocument>;

// Indian scripts reach higher than Latin (Devanagari vowel signs over the headline) and lower
// (Kannada and Telugu subscript consonants), so lines are spaced for them, not for Latin alone.
const LEADING = 1.35;
// One shared baseline for every run on a line: pdfkit would otherwise hang each run from its own
// font's ascender, and Latin's is taller than Devanagari's, so a mixed line would step up and down.
const ASCENT = 1.0;
const ELLIPSIS = '…';

export interface Style {
  size: number;
  bold?: boolean;
}
export interface Block {
  lines: string[];
  size: number;
  bold: boolean;
}

const fontName = (face: string, bold: boolean | undefined) => `${face}-${bold ? 700 : 400}`;
export const lineHeight = (size: number) => size * LEADING;
export const blockHeight = (block: Block) => block.lines.length * lineHeight(block.size);

export function widthOf(doc: Doc, text: string, style: Style): number {
  doc.fontSize(style.size);
  let width = 0;
  for (const run of runs(text)) width += doc.font(fontName(run.face, style.bold)).widthOfString(run.text);
  return width;
}

// Grapheme clusters, so a forced break never separates a vowel sign or virama from its letter.
const graphemes = (text: string) => [...new Intl.Segmenter('en', { granularity: 'grapheme' }).segment(text)].map((s) => s.segment);

/** Greedy line breaking at spaces; a word wider than the line (an address typed without spaces) is cut between letters. */
export function wrap(doc: Doc, text: string, width: number, style: Style): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const joined = line ? `${line} ${word}` : word;
    if (widthOf(doc, joined, style) <= width) {
      line = joined;
      continue;
    }
    if (line) lines.push(line);
    line = '';
    for (const g of graphemes(word)) {
      if (line && widthOf(doc, line + g, style) > width) {
        lines.push(line);
        line = '';
      }
      line += g;
    }
  }
  if (line) lines.push(line);
  return lines;
}

function ellipsize(doc: Doc, line: string, width: number, style: Style): string {
  let parts = graphemes(line);
  while (parts.length && widthOf(doc, parts.join('').trimEnd() + ELLIPSIS, style) > width) parts = parts.slice(0, -1);
  return parts.join('').trimEnd() + ELLIPSIS;
}

/**
 * The largest size from `max` down to `min` at which `text` fits `width` × `height`. At `min` what
 * still does not fit is cut with an ellipsis: a label's boxes cannot grow, and text running into
 * the barcode or off the page would be worse than a shortened line.
 */
export function fit(doc: Doc, text: string, width: number, height: number, opts: { max: number; min: number; bold?: boolean }): Block {
  const bold = opts.bold ?? false;
  for (let size = opts.max; size >= opts.min; size -= 0.5) {
    const lines = wrap(doc, text, width, { size, bold });
    if (lines.length * lineHeight(size) <= height + 0.01) return { lines, size, bold };
  }
  const size = opts.min;
  const room = Math.max(1, Math.floor((height + 0.01) / lineHeight(size)));
  const lines = wrap(doc, text, width, { size, bold });
  if (lines.length <= room) return { lines, size, bold };
  const kept = lines.slice(0, room);
  kept[room - 1] = ellipsize(doc, kept[room - 1]!, width, { size, bold });
  return { lines: kept, size, bold };
}

/** Like `fit` for a list: as many entries as fit, then "+N more" for the rest. */
export function fitList(doc: Doc, entries: string[], width: number, height: number, opts: { max: number; min: number; bold?: boolean }): Block {
  for (let shown = entries.length; shown > 1; shown--) {
    const more = entries.length - shown;
    const text = entries.slice(0, shown).join(', ') + (more ? ` +${more} more` : '');
    const block = fit(doc, text, width, height, opts);
    if (!block.lines.at(-1)!.endsWith(ELLIPSIS)) return block;
  }
  const more = entries.length - 1;
  return fit(doc, (entries[0] ?? '') + (more ? ` +${more} more` : ''), width, height, opts);
}

/** Draws a fitted block from its top-left corner; returns the y below it. */
export function draw(doc: Doc, block: Block, x: number, y: number, width: number, align: 'left' | 'center' | 'right' = 'left'): number {
  const style = { size: block.size, bold: block.bold };
  for (const line of block.lines) {
    const used = widthOf(doc, line, style);
    let cx = align === 'left' ? x : align === 'right' ? x + width - used : x + (width - used) / 2;
    const baseline = y + block.size * ASCENT;
    doc.fontSize(block.size);
    for (const run of runs(line)) {
      doc.font(fontName(run.face, block.bold)).text(run.text, cx, baseline, { lineBreak: false, baseline: 'alphabetic' });
      cx += doc.widthOfString(run.text);
    }
    y += lineHeight(block.size);
  }
  return y;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/**
 * "28 Nov 2026" in India's time: a parcel handed over at 1 a.m. IST is dated that day, not the
 * UTC day before. Spelled out by hand because ICU's en-GB short month for September is "Sept".
 */
export function istDate(at: Date): string {
  const ist = new Date(at.getTime() + 330 * 60_000);
  return `${String(ist.getUTCDate()).padStart(2, '0')} ${MONTHS[ist.getUTCMonth()]} ${ist.getUTCFullYear()}`;
}

export const kilograms = (grams: number) => `${(grams / 1000).toFixed(grams % 10 === 0 ? 2 : 3)} kg`;
