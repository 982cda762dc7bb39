import type PDFDocument from 'pdfkit';

type Doc = InstanceType<typeof PDFDocument>;
interface Internals {
  _fragment(text: string, x: number, y: number, options: object): unknown;
  addContent(data: string): Doc;
}

const hex = (text: string) => `<FEFF${Buffer.from(text, 'utf16le').swap16().toString('hex').toUpperCase()}>`;

/**
 * Makes the PDF say what was typed, not the order glyphs are drawn in. Indian scripts draw some vowel
 * signs before their consonant and the reph after it, so from glyphs alone a reader (pdftotext, copy
 * and paste, a screen reader) gets "शमार्" for "शर्मा". Each text fragment that `needsIt` is wrapped in
 * a /Span with /ActualText. The span sits inside the fragment's BT…ET: poppler places the actual text
 * with the transform in force at EMC, and pdfkit undoes its own coordinate flip right after ET.
 * pdfkit has no public hook for this, so its two private methods are wrapped on this one document.
 */
export function keepTypedText(doc: Doc, needsIt: (text: string) => boolean): void {
  const inner = doc as unknown as Internals;
  const fragment = inner._fragment;
  const add = inner.addContent;
  let pending: string | null = null;
  inner.addContent = function (this: Doc, data: string) {
    if (pending !== null && data === 'ET') add.call(this, 'EMC');
    add.call(this, data);
    if (pending !== null && data === 'BT') add.call(this, `/Span <</ActualText ${hex(pending)}>> BDC`);
    return this;
  };
  inner._fragment = function (this: Doc, text: string, x: number, y: number, options: object) {
    pending = needsIt(text) ? text : null;
    try {
      // A zero-width non-joiner closes the run: poppler ends the span at the last glyph's own width,
      // which falls short when that glyph is a repositioned vowel sign, and the gap reads as a space.
      return fragment.call(this, pending === null ? text : `${text}\u200c`, x, y, options);
    } finally {
      pending = null;
    }
  };
}
