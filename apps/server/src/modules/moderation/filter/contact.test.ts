import { describe, expect, it } from 'vitest';
import { hasLinkOrPhone } from './contact.js';

// '9876543210' in the digits of each Indian script (Devanagari, Bengali, Gurmukhi, Gujarati, Tamil,
// Telugu, Kannada, Malayalam), by each script's zero.
const ZEROS = [0x966, 0x9e6, 0xa66, 0xae6, 0xbe6, 0xc66, 0xce6, 0xd66];
const inScript = (zero: number, digits: string) => [...digits].map((d) => String.fromCodePoint(zero + Number(d))).join('');

describe('hasLinkOrPhone: links', () => {
  it.each([
    'http://example.com',
    'see https://shop.example/x',
    'HTTPS://EXAMPLE.ORG',
    'www.myshop.in',
    'go to WWW.cheapsarees.net',
    'shop.example.com',
    'Order at MyShop.Com now',
    'bit.ly/x',
    'goo.gl/abc',
    'wa.me/919876543210',
    'msg me wa.me',
    't.me/deals',
    'instagram.com/sareeworld',
    'visit myshop.in',
    'myshop.in/saree for more',
    'buy on abc.co.in today',
    'deals.shop.in for more',
    'cheapsarees.store',
    'sarees.xyz',
    'best.deals.online',
    'write to seller@gmail.com',
    'ｗｗｗ．ｍｙｓｈｏｐ．ｉｎ',
    `my${'\u200B'}shop.com`,
    'myshop.in.',
    'myshop.in 👈',
  ])('%j is flagged', (text) => expect(hasLinkOrPhone(text)).toBe(true));

  it.each([
    'Rs.500',
    'Rs.500 only, e.g. red or blue',
    'i.e. this one',
    '5.5 inch screen',
    'hello...world',
    'wait...in stock?',
    'Nice saree.in stock?',
    'ok.me too',
    'No.1 quality, Pvt.Ltd company',
    'version 2.0.1',
    'price ₹1,299.50',
    'live at 7.30 pm',
    '0.5 kg pack',
    'e.g.in red',
    'what.is.this',
    'comfortable cotton',
    '@priya_shop nice saree',
  ])('%j is not flagged', (text) => expect(hasLinkOrPhone(text)).toBe(false));
});

describe('hasLinkOrPhone: phone numbers', () => {
  it.each([
    '9876543210',
    'call 98765 43210',
    '+91-98765-43210',
    '+91 98765 43210',
    '+919876543210',
    '(+91) 98765 43210',
    '91 98765 43210',
    '098765 43210',
    '0 98765 43210',
    '(987) 654 3210',
    '987-654-3210',
    '9876.543.210',
    '98 7654 3210',
    '9 8 7 6 5 4 3 2 1 0',
    '9-8-7-6-5-4-3-2-1-0',
    '080 2345 6789',
    '011-2345-6789',
    '+1 415 555 0100',
    '+44 20 7946 0958',
    'nine: 98765 43210 or 98765 43211',
    `98765${'\u200B'}43210`,
    `9${'\u200C'}8${'\u200D'}7${'\u2060'}6543210`,
    '９８７６５４３２１０',
    '9️⃣8️⃣7️⃣6️⃣5️⃣4️⃣3️⃣2️⃣1️⃣0️⃣',
    '98765 ४३२१०',
    ...ZEROS.map((zero) => inScript(zero, '9876543210')),
    ...ZEROS.map((zero) => `call ${inScript(zero, '98765')} ${inScript(zero, '43210')}`),
  ])('%j is flagged', (text) => expect(hasLinkOrPhone(text)).toBe(true));

  it.each([
    '₹1,299',
    '₹ 12,999',
    'Rs 12,999/-',
    '2 pieces for 999',
    'order 12345 not delivered',
    'order #458921',
    '26/11/2026',
    '26-11-2026 10.30',
    '12.5.2026',
    'pin code 560001',
    'sizes 28 30 32 34 36',
    'shoe sizes 6.5 7.5 8.5 9.5 10.5',
    'sizes 6 7 8 9 10 11 12',
    '1 2 3 4 5 6 7 8 9 10',
    '1299 1499 1999',
    '800 900 1000',
    '799 899 1099',
    '79999 89999',
    '500 600 700 800',
    '3 for 999, 5 for 1499',
    'live at 7.30 pm on 26/11',
    ...ZEROS.map((zero) => `${inScript(zero, '560001')} ${inScript(zero, '1299')}`),
  ])('%j is not flagged', (text) => expect(hasLinkOrPhone(text)).toBe(false));
});
