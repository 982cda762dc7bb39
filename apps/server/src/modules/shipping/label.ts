// The explicit Node entry: TypeScript's bundler resolution does not match the package's "node" export condition.
import bwipjs from 'bwip-js/node';
import PDFDocument from 'pdfkit';
import { paiseToRupees } from '@live-market/contract';
import { formatRupees } from '../../i18n/rupees.js';
import { keepTypedText } from '../invoices/actual-text.js';
import { FACE_NAMES, fontOf, hasIndianScript } from '../invoices/fonts.js';
import { type Block, type Doc, blockHeight, draw, fit, fitList, istDate, kilograms, lineHeight } from './label-layout.js';

// A courier label on a 4×6 inch page, the size thermal label printers take. English by design (the
// courier's staff read it anywhere in India); names and addresses print in the script they were
// typed in, with the invoice's embedded Noto fonts, so the delivery person sees what the buyer wrote.

export interface LabelAddress {
  name: string;
  phone: string;
  line1: string;
  line2: string;
  city: string;
  state: string;
  pincode: string;
}
export interface LabelData {
  awb: string;
  carrier: string;
  orderRefs: string[];
  from: LabelAddress;
  to: LabelAddress;
  codPaise: number;
  weightGrams: number;
  dimensionsCm: { length: number; breadth: number; height: number };
  shippedAt: Date;
  items: { name: string; quantity: number }[];
}

const PAGE_W = 288;
const PAGE_H = 432;
const EDGE = 8; // the border sits inside the printer's unprintable edge
const PAD = 6;
const LEFT = EDGE + PAD;
const INNER = PAGE_W - 2 * LEFT;

// Section heights in points, top to bottom; the return address takes what is left. Fixed, so a long
// address shrinks its own text instead of pushing the barcode about.
const HEADER = 30;
const BARCODE = 82;
const DELIVER = 132;
const PAYMENT = 34;
const ORDER = 40;
const CONTENTS = 36;

// Code 128's X dimension (one module) in points: 1.5 pt ≈ 0.53 mm, well above the 0.25 mm handheld
// scanners need, and narrower only when a long AWB would not fit otherwise. The standard's quiet zone
// is 10 modules each side, kept clear of the border lines that a scanner would take for bars.
const MAX_MODULE = 1.5;
const QUIET = 10;
const BAR_HEIGHT = 50;
// Pixels per module in the PNG: enough that a viewer or printer scaling it to its own resolution
// cannot blur one bar into the next; the PNG stays small because each row repeats.
const PX_PER_MODULE = 8;

type Section = (doc: Doc, label: LabelData, top: number, height: number) => void | Promise<void>;

function rule(doc: Doc, y: number) {
  doc.moveTo(EDGE, y).lineTo(PAGE_W - EDGE, y).lineWidth(1).strokeColor('black').stroke();
}

function caption(doc: Doc, text: string, x: number, y: number, width: number): number {
  return draw(doc, fit(doc, text, width, lineHeight(7), { max: 7, min: 7, bold: true }), x, y, width);
}

const header: Section = (doc, label, top, height) => {
  const dateWidth = 70;
  const name = fit(doc, label.carrier, INNER - dateWidth - PAD, lineHeight(15), { max: 15, min: 8, bold: true });
  draw(doc, name, LEFT, top + (height - blockHeight(name)) / 2, INNER - dateWidth - PAD);
  const x = LEFT + INNER - dateWidth;
  caption(doc, 'SHIPPED', x, top + 5, dateWidth);
  draw(doc, fit(doc, istDate(label.shippedAt), dateWidth, lineHeight(10), { max: 10, min: 7, bold: true }), x, top + 14, dateWidth);
};

const barcode: Section = async (doc, label, top) => {
  const png = await bwipjs.toBuffer({ bcid: 'code128', text: label.awb, scaleX: PX_PER_MODULE, scaleY: 2, height: 10, backgroundcolor: 'FFFFFF' });
  const modules = png.readUInt32BE(16) / PX_PER_MODULE; // the PNG's width, from its IHDR chunk
  const module = Math.min(MAX_MODULE, (PAGE_W - 2 * EDGE - 4) / (modules + 2 * QUIET));
  const width = modules * module;
  doc.image(png, (PAGE_W - width) / 2, top + 6, { width, height: BAR_HEIGHT });
  // Human-readable AWB drawn as text, not rendered by bwip-js into the image: a courier's staff type
  // it in when a bar code is torn, and as text it can be searched and copied.
  const awb = fit(doc, label.awb, INNER, lineHeight(13), { max: 13, min: 7, bold: true });
  draw(doc, awb, LEFT, top + 6 + BAR_HEIGHT + 3, INNER, 'center');
};

function cityLine(a: LabelAddress) {
  return [a.city, a.state].filter(Boolean).join(', ');
}
function streetLines(a: LabelAddress) {
  // People end a line with a comma of their own; joining with another would print ", ,".
  return [a.line1, a.line2].map((l) => l.trim().replace(/[\s,]+$/, '')).filter(Boolean).join(', ');
}

const deliverTo: Section = (doc, label, top, height) => {
  const to = label.to;
  let y = caption(doc, 'DELIVER TO', LEFT, top + 4, INNER) + 1;
  y = draw(doc, fit(doc, to.name, INNER, 26, { max: 15, min: 8, bold: true }), LEFT, y, INNER);
  // The PIN code is what the sorting hub reads first, so it is the largest text on the label.
  const pinTop = top + height - 34;
  const city = fit(doc, cityLine(to), INNER, lineHeight(10), { max: 10, min: 7, bold: true });
  const street = fit(doc, streetLines(to), INNER, pinTop - y - blockHeight(city) - 2, { max: 10, min: 6.5 });
  y = draw(doc, street, LEFT, y, INNER);
  draw(doc, city, LEFT, y, INNER);
  const pin = fit(doc, `PIN ${to.pincode}`, 150, lineHeight(22), { max: 22, min: 12, bold: true });
  draw(doc, pin, LEFT, pinTop + 2, 150);
  const phoneWidth = INNER - 150 - PAD;
  caption(doc, 'PHONE', LEFT + INNER - phoneWidth, pinTop + 3, phoneWidth);
  const phone = fit(doc, to.phone, phoneWidth, lineHeight(12), { max: 12, min: 7, bold: true });
  draw(doc, phone, LEFT + INNER - phoneWidth, pinTop + 12, phoneWidth);
};

const payment: Section = (doc, label, top, height) => {
  const cod = label.codPaise > 0;
  const box = { x: EDGE, y: top, w: PAGE_W - 2 * EDGE, h: height };
  // Cash on delivery is printed white on black so that nobody at the door misses it; prepaid stays
  // plain and says outright that nothing is to be collected.
  if (cod) doc.rect(box.x, box.y, box.w, box.h).fill('black');
  doc.fillColor(cod ? 'white' : 'black');
  const text = cod ? `COD: collect ${formatRupees(paiseToRupees(label.codPaise))}` : 'PREPAID · do not collect cash';
  const block = fit(doc, text, INNER, lineHeight(18), { max: 18, min: 10, bold: true });
  draw(doc, block, LEFT, top + (height - blockHeight(block)) / 2, INNER, 'center');
  doc.fillColor('black');
};

const orderAndParcel: Section = (doc, label, top, height) => {
  const split = LEFT + INNER * 0.58;
  doc.moveTo(split, top).lineTo(split, top + height).lineWidth(1).stroke();
  const orderWidth = split - LEFT - PAD;
  const y = caption(doc, label.orderRefs.length > 1 ? `ORDERS (${label.orderRefs.length})` : 'ORDER', LEFT, top + 4, orderWidth);
  draw(doc, fitList(doc, label.orderRefs, orderWidth, top + height - y - 2, { max: 11, min: 7, bold: true }), LEFT, y, orderWidth);
  const x = split + PAD;
  const width = LEFT + INNER - x;
  const d = label.dimensionsCm;
  let row = caption(doc, 'WEIGHT · L × B × H', x, top + 4, width);
  for (const value of [kilograms(label.weightGrams), `${d.length} × ${d.breadth} × ${d.height} cm`]) {
    row = draw(doc, fit(doc, value, width, lineHeight(9), { max: 9, min: 6, bold: true }), x, row, width);
  }
};

const contents: Section = (doc, label, top, height) => {
  const y = caption(doc, `CONTENTS (${label.items.reduce((n, i) => n + i.quantity, 0)} units)`, LEFT, top + 4, INNER);
  const entries = label.items.map((i) => `${i.name} × ${i.quantity}`);
  draw(doc, fitList(doc, entries, INNER, top + height - y - 2, { max: 8.5, min: 6 }), LEFT, y, INNER);
};

const returnTo: Section = (doc, label, top, height) => {
  const from = label.from;
  let y = caption(doc, 'RETURN TO / FROM (if undelivered)', LEFT, top + 4, INNER);
  y = draw(doc, fit(doc, from.name, INNER, lineHeight(9), { max: 9, min: 6.5, bold: true }), LEFT, y, INNER);
  const last = fit(doc, `${cityLine(from)} · PIN ${from.pincode} · Ph ${from.phone}`, INNER, lineHeight(8), { max: 8, min: 6, bold: true });
  const bottom = top + height - 3 - blockHeight(last);
  const street: Block = fit(doc, streetLines(from), INNER, bottom - y, { max: 8, min: 6 });
  draw(doc, street, LEFT, y, INNER);
  draw(doc, last, LEFT, bottom, INNER);
};

export async function renderLabel(label: LabelData): Promise<Buffer> {
  const doc = new PDFDocument({ size: [PAGE_W, PAGE_H], margin: 0, info: { Title: `Shipping label ${label.awb}`, Author: 'LiveMarket' } });
  // pdfkit takes a parsed fontkit font as a source (its types list only files and buffers).
  for (const face of FACE_NAMES) for (const w of [400, 700] as const) doc.registerFont(`${face}-${w}`, fontOf(face, w) as unknown as Buffer);
  keepTypedText(doc, hasIndianScript);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  try {
    const sections: Array<[Section, number]> = [
      [header, HEADER],
      [barcode, BARCODE],
      [deliverTo, DELIVER],
      [payment, PAYMENT],
      [orderAndParcel, ORDER],
      [contents, CONTENTS],
    ];
    let top = EDGE;
    for (const [section, height] of sections) {
      await section(doc, label, top, height);
      top += height;
      rule(doc, top);
    }
    returnTo(doc, label, top, PAGE_H - EDGE - top);
    doc.rect(EDGE, EDGE, PAGE_W - 2 * EDGE, PAGE_H - 2 * EDGE).lineWidth(1.5).stroke();
  } finally {
    doc.end();
  }
  return done;
}
