import PDFDocument from 'pdfkit';
import type { InvoiceData, InvoiceLine } from './data.js';
import { keepTypedText } from './actual-text.js';
import { FACE_NAMES, fontOf, hasIndianScript, runs, type Face } from './fonts.js';

// A GST tax invoice or credit note on A4, rendered with pdfkit (fontkit shapes the Indian scripts)
// and Noto Sans embedded as subsets: a buyer's name in Tamil prints as Tamil (decision 040).

const MARGIN = 36;
const WIDTH = 595.28 - 2 * MARGIN;
const GREY = '#555555';

const money = (paise: number) => (paise / 100).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const istDate = (iso: string) => new Date(new Date(iso).getTime() + 330 * 60_000).toISOString().slice(0, 10).split('-').reverse().join('-');
const percent = (bp: number) => `${bp / 100}%`;

type Doc = InstanceType<typeof PDFDocument>;

function useFont(doc: Doc, face: Face, bold: boolean) {
  doc.font(`${face}-${bold ? 700 : 400}`);
}

/** Writes text in any of our scripts at (x, y) within `width`, switching fonts run by run. */
function write(doc: Doc, text: string, x: number, y: number | undefined, width: number, opts: { bold?: boolean; size?: number; align?: 'left' | 'right' } = {}) {
  doc.fontSize(opts.size ?? 9);
  const parts = runs(text || ' ');
  parts.forEach((part, i) => {
    useFont(doc, part.face, opts.bold ?? false);
    const last = i === parts.length - 1;
    if (i === 0) doc.text(part.text, x, y, { width, align: opts.align ?? 'left', continued: !last });
    else doc.text(part.text, { continued: !last });
  });
}

function party(doc: Doc, title: string, lines: string[], x: number, y: number, width: number): number {
  write(doc, title, x, y, width, { bold: true, size: 8 });
  doc.fillColor('black');
  for (const [i, line] of lines.entries()) write(doc, line, x, undefined, width, { bold: i === 0, size: 9 });
  return doc.y;
}

interface Column {
  title: string;
  width: number;
  cell: (l: InvoiceLine, i: number) => string;
  right?: boolean;
}

function columns(data: InvoiceData): Column[] {
  const tax: Column[] = data.interState
    ? [{ title: 'IGST', width: 62, cell: (l) => money(l.igstPaise), right: true }]
    : [
        { title: 'CGST', width: 52, cell: (l) => money(l.cgstPaise), right: true },
        { title: 'SGST', width: 52, cell: (l) => money(l.sgstPaise), right: true },
      ];
  const fixed: Column[] = [
    { title: '#', width: 16, cell: (_, i) => String(i + 1) },
    { title: 'HSN', width: 40, cell: (l) => l.hsnCode || '-' },
    { title: 'Qty', width: 26, cell: (l) => String(l.quantity), right: true },
    { title: 'Rate (incl. GST)', width: 60, cell: (l) => money(l.unitPricePaise), right: true },
    { title: 'GST', width: 32, cell: (l) => percent(l.gstRateBp), right: true },
    { title: 'Taxable value', width: 62, cell: (l) => money(l.taxablePaise), right: true },
    ...tax,
    { title: 'Total', width: 62, cell: (l) => money(l.totalPaise), right: true },
  ];
  const used = fixed.reduce((s, c) => s + c.width, 0);
  return [fixed[0]!, { title: 'Description', width: WIDTH - used, cell: (l) => l.description }, ...fixed.slice(1)];
}

function table(doc: Doc, data: InvoiceData, top: number): number {
  const cols = columns(data);
  let x = MARGIN;
  doc.rect(MARGIN, top, WIDTH, 18).fill('#eeeeee').fillColor('black');
  for (const c of cols) {
    write(doc, c.title, x + 2, top + 5, c.width - 4, { bold: true, size: 7, align: c.right ? 'right' : 'left' });
    x += c.width;
  }
  let y = top + 22;
  data.lines.forEach((line, i) => {
    x = MARGIN;
    let bottom = y;
    for (const c of cols) {
      write(doc, c.cell(line, i), x + 2, y, c.width - 4, { size: 8, align: c.right ? 'right' : 'left' });
      bottom = Math.max(bottom, doc.y);
      x += c.width;
    }
    y = bottom + 4;
    doc.moveTo(MARGIN, y - 2).lineTo(MARGIN + WIDTH, y - 2).strokeColor('#dddddd').stroke();
  });
  return y;
}

function totals(doc: Doc, data: InvoiceData, top: number): number {
  const t = data.totals;
  const rows: Array<[string, number]> = [
    ['Taxable value', t.taxablePaise],
    ...(data.interState ? ([['IGST', t.igstPaise]] as Array<[string, number]>) : ([['CGST', t.cgstPaise], ['SGST', t.sgstPaise]] as Array<[string, number]>)),
    [data.kind === 'invoice' ? 'Invoice total' : 'Credit note total', t.totalPaise],
  ];
  let y = top + 4;
  for (const [i, [label, paise]] of rows.entries()) {
    const bold = i === rows.length - 1;
    write(doc, label, MARGIN + WIDTH - 230, y, 140, { bold, size: 9 });
    write(doc, money(paise), MARGIN + WIDTH - 90, y, 90, { bold, size: 9, align: 'right' });
    y = doc.y + 3;
  }
  write(doc, `Amount in words: ${data.amountInWords}`, MARGIN, y + 6, WIDTH, { size: 9, bold: true });
  write(doc, 'Whether tax is payable under reverse charge: No', MARGIN, doc.y + 4, WIDTH, { size: 8 });
  return doc.y;
}

export function renderInvoicePdf(data: InvoiceData): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: MARGIN, info: { Title: `${data.kind === 'invoice' ? 'Tax Invoice' : 'Credit Note'} ${data.number}`, Author: 'LiveMarket' } });
  // pdfkit takes a parsed fontkit font as a source (its types list only files and buffers).
  for (const face of FACE_NAMES) for (const w of [400, 700] as const) doc.registerFont(`${face}-${w}`, fontOf(face, w) as unknown as Buffer);
  keepTypedText(doc, hasIndianScript);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  write(doc, data.kind === 'invoice' ? 'Tax Invoice' : 'Credit Note', MARGIN, MARGIN, WIDTH / 2, { bold: true, size: 18 });
  const meta = [
    `${data.kind === 'invoice' ? 'Invoice' : 'Credit note'} no. ${data.number}`,
    `Date ${istDate(data.issuedAt)}`,
    `Order ${data.orderRef} of ${istDate(data.orderDate)}`,
    ...(data.originalInvoiceNumber ? [`Against invoice ${data.originalInvoiceNumber}`] : []),
  ];
  let y = MARGIN;
  for (const line of meta) {
    write(doc, line, MARGIN + WIDTH / 2, y, WIDTH / 2, { size: 9, align: 'right' });
    y = doc.y;
  }
  const s = data.seller;
  const sellerLines = [
    s.name,
    s.address,
    s.gstin ? `GSTIN ${s.gstin}` : s.enrolmentNumber ? `GST enrolment number ${s.enrolmentNumber}` : 'GSTIN not provided',
    `State ${s.stateName} (${s.stateCode})`,
  ].filter(Boolean);
  const b = data.buyer;
  const top = Math.max(y, MARGIN + 30) + 14;
  const half = WIDTH / 2 - 10;
  const left = party(doc, 'SOLD BY', sellerLines, MARGIN, top, half);
  const right = party(doc, 'BILL TO / SHIP TO', [b.name, b.address, `State ${b.stateName} (${b.stateCode})`], MARGIN + WIDTH / 2 + 10, top, half);
  y = Math.max(left, right) + 8;
  write(doc, `Place of supply: ${data.placeOfSupply.stateName} (${data.placeOfSupply.stateCode})`, MARGIN, y, WIDTH, { size: 9, bold: true });
  write(doc, 'All amounts in Indian Rupees (INR)', MARGIN, doc.y + 2, WIDTH, { size: 8 });
  y = table(doc, data, doc.y + 8);
  totals(doc, data, y);
  write(doc, `Sold through LiveMarket, an e-commerce operator that collects TCS under section 52 of the CGST Act. This is a computer-generated ${data.kind === 'invoice' ? 'invoice' : 'credit note'}.`, MARGIN, doc.y + 18, WIDTH, { size: 7 });
  doc.fillColor(GREY);
  doc.end();
  return done;
}
