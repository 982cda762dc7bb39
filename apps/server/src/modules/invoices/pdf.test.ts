import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { rmSync } from 'node:fs';
import { buildInvoiceData, type InvoiceInput } from './build.js';
import { fontOf, runs } from './fonts.js';
import { renderInvoicePdf } from './pdf.js';

// Reads the PDFs back with Debian's poppler-utils (pdftotext, pdffonts, pdfinfo), as a buyer's or
// an auditor's software would.
const dir = mkdtempSync(path.join(tmpdir(), 'lm-invoice-pdf-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let count = 0;
async function read(input: InvoiceInput) {
  const file = path.join(dir, `${++count}.pdf`);
  const pdf = await renderInvoicePdf(buildInvoiceData(input));
  writeFileSync(file, pdf);
  const run = (tool: string, ...args: string[]) => execFileSync(tool, args, { encoding: 'utf8' });
  return { pdf, text: run('pdftotext', '-layout', '-enc', 'UTF-8', file, '-').trim(), fonts: run('pdffonts', file), info: run('pdfinfo', file) };
}

const MAHARASHTRA = { stateCode: '27', stateName: 'Maharashtra' };
const TAMIL_NADU = { stateCode: '33', stateName: 'Tamil Nadu' };
const order = (buyer: { name: string; address: string }, place: { stateCode: string; stateName: string }): InvoiceInput => ({
  kind: 'invoice',
  number: 'INV2627-000042',
  issuedAt: '2026-11-28T06:30:00.000Z',
  orderRef: 'LM-7Q2K9',
  orderDate: '2026-11-27T18:45:00.000Z',
  seller: { name: 'Ravi Handlooms Private Limited', address: 'Shop 4, FC Road, Pune 411004', ...MAHARASHTRA, gstin: '27AAPFU0939F1ZV', enrolmentNumber: null },
  buyer: { ...buyer, ...place },
  placeOfSupply: place,
  items: [
    { description: 'Kundan necklace', hsnCode: '7117', quantity: 1, unitPricePaise: 1_030_000, gstRateBp: 300 },
    { description: 'Paithani saree', hsnCode: '5007', quantity: 2, unitPricePaise: 149_900, gstRateBp: 500 },
  ],
});

describe('renderInvoicePdf', () => {
  it('splits CGST and SGST when the delivery is in the seller’s state', async () => {
    const { text, info } = await read(order({ name: 'राहुल क्षत्रिय शर्मा', address: 'Flat 12, Kothrud, Pune 411038' }, MAHARASHTRA));
    expect(text).toMatch(/^Tax Invoice/);
    expect(text).toContain('INV2627-000042');
    expect(text).toContain('GSTIN 27AAPFU0939F1ZV');
    expect(text).toContain('Place of supply: Maharashtra (27)');
    expect(text).toMatch(/Kundan necklace\s+7117\s+1\s+10,300\.00\s+3%\s+10,000\.00\s+150\.00\s+150\.00\s+10,300\.00/);
    expect(text).toMatch(/Paithani saree\s+5007\s+2\s+1,499\.00\s+5%\s+2,855\.24\s+71\.38\s+71\.38\s+2,998\.00/);
    expect(text).toMatch(/Taxable value\s+12,855\.24/);
    expect(text).toMatch(/CGST\s+221\.38/);
    expect(text).toMatch(/SGST\s+221\.38/);
    expect(text).toMatch(/Invoice total\s+13,298\.00/);
    expect(text).not.toContain('IGST');
    expect(text).toContain('Rupees Thirteen Thousand Two Hundred Ninety Eight Only');
    expect(text).toContain('Whether tax is payable under reverse charge: No');
    expect(text).toContain('This is a computer-generated invoice.');
    // The Hindi name comes back as typed: the conjunct क्ष, the i-sign drawn before त्र, the reph over मा.
    expect(text).toContain('राहुल क्षत्रिय शर्मा');
    expect(info).toMatch(/Page size:\s+595\.28 x 841\.89 pts \(A4\)/);
    expect(info).toMatch(/Pages:\s+1\n/);
  });

  it('charges IGST when the delivery is in another state', async () => {
    const { text, fonts } = await read(order({ name: 'கார்த்திக் ராஜா', address: '12, அண்ணா சாலை, சென்னை 600002' }, TAMIL_NADU));
    expect(text).toContain('Place of supply: Tamil Nadu (33)');
    expect(text).toContain('State Maharashtra (27)');
    expect(text).toMatch(/Kundan necklace\s+7117\s+1\s+10,300\.00\s+3%\s+10,000\.00\s+300\.00\s+10,300\.00/);
    expect(text).toMatch(/IGST\s+442\.76/);
    expect(text).not.toMatch(/[CS]GST\s+[\d,]+\.\d\d/);
    expect(text).toContain('Rupees Thirteen Thousand Two Hundred Ninety Eight Only');
    expect(text).toContain('கார்த்திக் ராஜா');
    expect(text).toContain('12, அண்ணா சாலை, சென்னை 600002');
    // Every font is embedded (as a subset), the Tamil one among them.
    const rows = fonts.split('\n').slice(2).filter(Boolean);
    expect(rows.length).toBeGreaterThan(1);
    for (const row of rows) expect(row).toMatch(/Identity-H\s+yes\s+yes\s+yes/);
    expect(fonts).toMatch(/\+NotoSansTamil-Regular\s/);
  });

  it('issues a credit note against the original invoice', async () => {
    const { text } = await read({ ...order({ name: 'Asha Menon', address: 'MG Road, Pune' }, MAHARASHTRA), kind: 'credit_note', number: 'CN2627-000003', originalInvoiceNumber: 'INV2627-000042' });
    expect(text).toMatch(/^Credit Note/);
    expect(text).toContain('CN2627-000003');
    expect(text).toContain('Against invoice INV2627-000042');
    expect(text).toContain('This is a computer-generated credit note.');
  });

  // A buyer in any of our ten languages: each name is drawn with its script's Noto font, shaped by
  // fontkit, and reads back as typed.
  const NAMES: Array<[string, string, string]> = [
    ['devanagari', 'प्रिया पाटील', 'NotoSansDevanagari'],
    ['bengali', 'সৌরভ গঙ্গোপাধ্যায়', 'NotoSansBengali'],
    ['gurmukhi', 'ਗੁਰਪ੍ਰੀਤ ਸਿੰਘ', 'NotoSansGurmukhi'],
    ['gujarati', 'નરેન્દ્ર પટેલ', 'NotoSansGujarati'],
    ['tamil', 'கோபால் கிருஷ்ணன்', 'NotoSansTamil'],
    ['telugu', 'శ్రీనివాస్ రెడ్డి', 'NotoSansTelugu'],
    ['kannada', 'ಕೃಷ್ಣಮೂರ್ತಿ ಹೆಗ್ಡೆ', 'NotoSansKannada'],
    ['malayalam', 'കൃഷ്ണൻ നായർ', 'NotoSansMalayalam'],
  ];
  it.each(NAMES)('prints a %s name as typed', async (face, name, font) => {
    expect(runs(name)).toEqual([{ face, text: name }]);
    for (const weight of [400, 700] as const) {
      const glyphs = fontOf(face as 'tamil', weight).layout(name).glyphs;
      expect(glyphs.filter((g) => g.id === 0), 'no missing-glyph boxes').toEqual([]);
    }
    const { text, fonts } = await read(order({ name, address: `${name}, 1 Main Road, Pune` }, MAHARASHTRA));
    expect(text).toContain(name);
    expect(text).toContain(`${name}, 1 Main Road, Pune`);
    expect(fonts).toMatch(new RegExp(`\\+${font}-Bold\\s.*yes\\s+yes\\s+yes`));
    expect(fonts).toMatch(new RegExp(`\\+${font}-Regular\\s.*yes\\s+yes\\s+yes`));
  });

  it('prints what a phone types in an address: curly apostrophes, dashes, the rupee sign', async () => {
    const address = 'St. Mary’s Road – near ₹10 shop, Pune';
    expect(runs(address).map((r) => r.face)).toEqual(['latin', 'latinExt', 'latin']);
    const { text } = await read(order({ name: 'Asha', address }, MAHARASHTRA));
    expect(text).toContain(address);
  });

  it('parses each font once per process', () => {
    expect(fontOf('tamil', 400)).toBe(fontOf('tamil', 400));
  });
});
