// The ten-languages gate itself: each kind of mistake it must catch, on small made-up catalogs.
import { describe, expect, it } from 'vitest';
import { checkLocale } from './check-locales.mjs';

const en = { nav: { home: 'Home' }, cart: { items_one: '{{count}} item', items_other: '{{count}} items' }, pay: 'Pay with UPI', pct: '{{value}}%' };
const ta = { nav: { home: 'முகப்பு' }, cart: { items_one: '{{count}} பொருள்', items_other: '{{count}} பொருட்கள்' }, pay: 'UPI மூலம் செலுத்து', pct: '{{value}}%' };

describe('checkLocale', () => {
  it('passes a complete translation in its own script, with allowed Latin terms and placeholder-only values', () => {
    expect(checkLocale('ta', en, ta)).toEqual([]);
  });

  it('finds a missing key, a missing plural form and a key English does not have', () => {
    const { nav: _nav, ...noNav } = ta;
    expect(checkLocale('ta', en, { ...noNav, cart: { items_other: ta.cart.items_other }, extra: 'கூடுதல்' })).toEqual([
      'ta: missing nav.home',
      'ta: missing cart.items_one',
      'ta: extra is not a key of en.json',
    ]);
  });

  it('finds an English value left in place of a translation', () => {
    expect(checkLocale('ta', en, { ...ta, nav: { home: 'Home' } })).toEqual(['ta: nav.home is still English: "Home"']);
  });

  it('finds a dropped, added or renamed placeholder', () => {
    expect(checkLocale('ta', en, { ...ta, cart: { items_one: 'ஒரு பொருள்', items_other: '{{n}} பொருட்கள்' } })).toEqual([
      'ta: cart.items_one has placeholders {}, English has {count}',
      'ta: cart.items_other has placeholders {n}, English has {count}',
    ]);
  });

  it('finds words outside the language script: Latin, or another Indian script', () => {
    expect(checkLocale('ta', en, { ...ta, pay: 'UPI மூலம் pay செய்' })).toEqual(['ta: pay has words outside Tamil: pay']);
    expect(checkLocale('bn', en, { ...ta, nav: { home: 'হোম' } })[0]).toBe('bn: cart.items_one has words outside Bengali: பொருள்');
  });

  it('finds a Hindi sentence copied into Marathi, but allows a shared word', () => {
    const hi = { ...en, nav: { home: 'होम' }, pay: 'UPI से भुगतान करें अभी' };
    const mr = { ...hi, cart: { items_one: '{{count}} वस्तू', items_other: '{{count}} वस्तू' }, pct: '{{value}}%' };
    expect(checkLocale('mr', en, mr, hi)).toEqual(['mr: pay is a copy of the Devanagari sibling: "UPI से भुगतान करें अभी"']);
  });
});

