import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { renderLabel, type LabelAddress, type LabelData } from './label.js';

// Reads the labels back as a courier's systems would: poppler (Debian's poppler-utils) for the page and
// its text, and zbar (zbar-tools) to scan the bar code off a 300 dpi picture of the printed page.
const dir = mkdtempSync(path.join(tmpdir(), 'lm-label-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs a tool; a missing one fails the test (never skips it), saying what to install. */
function run(tool: string, ...args: string[]): { stdout: string; status: number | null } {
  const result = spawnSync(tool, args, { encoding: 'utf8' });
  if ((result.error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT') {
    throw new Error(`${tool} is not installed: apt-get install zbar-tools poppler-utils`);
  }
  if (result.error) throw result.error;
  return { stdout: result.stdout, status: result.status };
}
function ok(tool: string, ...args: string[]): string {
  const { stdout, status } = run(tool, ...args);
  if (status !== 0) throw new Error(`${tool} ${args.join(' ')} exited with ${status}`);
  return stdout;
}

let count = 0;
async function render(label: LabelData) {
  const file = path.join(dir, `${++count}.pdf`);
  writeFileSync(file, await renderLabel(label));
  return {
    file,
    text: ok('pdftotext', '-layout', '-enc', 'UTF-8', file, '-'),
    info: ok('pdfinfo', file),
    fonts: ok('pdffonts', file),
  };
}

/** What zbar reads off the page printed at 300 dpi: with the symbology prefix, and raw. */
function scan(file: string) {
  const png = path.join(dir, `${path.basename(file, '.pdf')}-300`);
  ok('pdftoppm', '-r', '300', '-png', '-singlefile', file, png);
  const typed = run('zbarimg', '-q', `${png}.png`);
  const raw = run('zbarimg', '--raw', '-q', `${png}.png`);
  return { typed: typed.stdout.trim().split('\n').filter(Boolean), raw: raw.stdout.trim(), status: raw.status };
}

const seller: LabelAddress = { name: 'Ravi Handlooms Private Limited', phone: '+91 98220 12345', line1: 'Shop 4, FC Road', line2: 'Shivajinagar', city: 'Pune', state: 'Maharashtra', pincode: '411004' };
const buyer: LabelAddress = { name: 'Asha Menon', phone: '+91 98765 43210', line1: 'Flat 12, Sai Krupa Apartments, Karve Road', line2: 'Kothrud', city: 'Pune', state: 'Maharashtra', pincode: '411038' };
const label = (over: Partial<LabelData> = {}): LabelData => ({
  awb: 'SIM1234567890',
  carrier: 'LiveMarket Express (simulated)',
  orderRefs: ['#1A2B3C4D'],
  from: seller,
  to: buyer,
  codPaise: 0,
  weightGrams: 750,
  dimensionsCm: { length: 30, breadth: 20, height: 10 },
  // 01:00 on 28 November in India, still the 27th in UTC.
  shippedAt: new Date('2026-11-27T19:30:00Z'),
  items: [{ name: 'Kundan necklace', quantity: 1 }, { name: 'Paithani saree', quantity: 2 }],
  ...over,
});

describe('renderLabel', () => {
  it('reads labels with poppler and zbar', () => {
    for (const tool of ['pdfinfo', 'pdftotext', 'pdffonts', 'pdftoppm', 'zbarimg']) expect(() => run(tool, '-v')).not.toThrow();
  });

  it('prints a cash-on-delivery label on one 4×6 inch page', async () => {
    const { text, info } = await render(label({ codPaise: 1_23_456_00 }));
    expect(info).toMatch(/Page size:\s+288 x 432 pts\n/);
    expect(info).toMatch(/Pages:\s+1\n/);
    expect(text).toContain('LiveMarket Express (simulated)');
    expect(text).toContain('SIM1234567890');
    expect(text).toContain('#1A2B3C4D');
    expect(text).toContain('PIN 411038');
    expect(text).toContain('PIN 411004');
    expect(text).toContain('COD: collect ₹1,23,456.00');
    expect(text).not.toContain('PREPAID');
    expect(text).toContain('28 Nov 2026');
    expect(text).toContain('0.75 kg');
    expect(text).toContain('30 × 20 × 10 cm');
    expect(text).toContain('Kundan necklace × 1, Paithani saree × 2');
    expect(text).toContain('+91 98765 43210');
  });

  it('prints a prepaid label with every order of a bundled parcel', async () => {
    const { text, info } = await render(label({ awb: '12345678901234', carrier: 'Delhivery', orderRefs: ['#1A2B3C4D', '#9F8E7D6C'] }));
    expect(info).toMatch(/Page size:\s+288 x 432 pts\n/);
    expect(text).toContain('PREPAID');
    expect(text).not.toContain('COD');
    expect(text).toContain('12345678901234');
    expect(text).toMatch(/#1A2B3C4D, #9F8E7D6C/);
    expect(text).toContain('ORDERS (2)');
    expect(text).toContain('PIN 411038');
    expect(text).toContain('PIN 411004');
  });

  it('prints names and addresses in Devanagari and Tamil as typed, with the fonts embedded', async () => {
    const to = { ...buyer, name: 'राहुल क्षत्रिय शर्मा', line1: 'फ्लैट 12, श्री कृष्ण अपार्टमेंट', line2: 'कोथरूड' };
    const from = { ...seller, name: 'கார்த்திக் ராஜா', line1: '12, அண்ணா சாலை', line2: 'சென்னை', city: 'Chennai', state: 'Tamil Nadu', pincode: '600002' };
    const { text, fonts } = await render(label({ to, from, codPaise: 79_900 }));
    expect(text).toContain('राहुल क्षत्रिय शर्मा');
    expect(text).toContain('फ्लैट 12, श्री कृष्ण अपार्टमेंट, कोथरूड');
    expect(text).toContain('கார்த்திக் ராஜா');
    expect(text).toContain('12, அண்ணா சாலை, சென்னை');
    expect(text).toContain('COD: collect ₹799.00');
    const rows = fonts.split('\n').slice(2).filter(Boolean);
    for (const row of rows) expect(row).toMatch(/Identity-H\s+yes\s+yes\s+yes/);
    expect(fonts).toMatch(/\+NotoSansDevanagari-Bold\s/);
    expect(fonts).toMatch(/\+NotoSansDevanagari-Regular\s/);
    expect(fonts).toMatch(/\+NotoSansTamil-Bold\s/);
    expect(fonts).toMatch(/\+NotoSansTamil-Regular\s/);
  });

  // A courier's own AWBs are all digits (14 at Delhivery); ours and an aggregator's mix in letters.
  it.each(['SIM1234567890', '12345678901234', 'SRX2611DEL0045789123AB'])('prints AWB %s as a Code 128 bar code that scans', async (awb) => {
    const { file } = await render(label({ awb, codPaise: 50_000 }));
    const { typed, raw, status } = scan(file);
    expect(status, 'zbarimg found a bar code').toBe(0);
    expect(raw).toBe(awb);
    expect(typed).toEqual([`CODE-128:${awb}`]);
  });

  it('fits a very long name and address and twenty items on the one page', async () => {
    const to: LabelAddress = {
      name: 'கோபால் கிருஷ்ணன் சுப்பிரமணியன் வெங்கடேசன் ராமசாமி நாராயணன் பாலசுப்பிரமணியம் ஐயங்கார்',
      phone: '+91 94440 12345',
      line1: 'Door No. 12/345, Second Floor, Sri Lakshmi Narasimha Nilayam, '.repeat(6),
      line2: 'Near the big temple tank opposite the old bus stand, behind the State Bank of India ATM, '.repeat(4),
      city: 'Tiruchirappalli',
      state: 'Tamil Nadu',
      pincode: '620001',
    };
    const from = { ...seller, name: 'Shree Mahalakshmi Handloom Silk Sarees and Dress Materials Wholesale and Retail Private Limited', line1: 'Shop 4, '.repeat(40) };
    const items = Array.from({ length: 20 }, (_, i) => ({ name: `Handwoven Kanchipuram silk saree with zari border, design ${i + 1}`, quantity: (i % 3) + 1 }));
    const orderRefs = Array.from({ length: 12 }, (_, i) => `#ABCD${1000 + i}`);
    const { file, text, info } = await render(label({ to, from, items, orderRefs, codPaise: 99_99_999_99 }));
    expect(info).toMatch(/Pages:\s+1\n/);
    expect(text).toContain('PIN 620001');
    expect(text).toContain('COD: collect ₹99,99,999.99');
    expect(text).toMatch(/\+\d+ more/);
    expect(text).toContain('CONTENTS (39 units)');
    // Every word lies inside the label's border (8 pt from each edge of the 288×432 page).
    const words = [...ok('pdftotext', '-bbox', file, '-').matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">/g)];
    expect(words.length).toBeGreaterThan(50);
    for (const [, x0, y0, x1, y1] of words) {
      expect(Number(x0)).toBeGreaterThanOrEqual(8);
      expect(Number(y0)).toBeGreaterThanOrEqual(8);
      expect(Number(x1)).toBeLessThanOrEqual(280);
      expect(Number(y1)).toBeLessThanOrEqual(424);
    }
    expect(scan(file).raw).toBe('SIM1234567890');
  });
});
