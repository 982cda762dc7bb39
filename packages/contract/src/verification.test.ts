import { describe, expect, it } from 'vitest';
import { VerificationBody, isValidGstin } from './verification.js';

const base = { businessName: 'Priya Kundan House', businessAddress: 'Johari Bazaar, Jaipur', businessPhone: '+91 98765 43210', panNumber: 'AAPFU0939F' };

describe('GSTIN', () => {
  it.each(['27AAPFU0939F1ZV', '29AABCT1332L1ZA'])('accepts %s', (g) => expect(isValidGstin(g)).toBe(true));
  it.each([
    ['27AAPFU0939F1ZW', 'wrong check character'],
    ['72AAPFU0939F1ZV', 'no such state'],
    ['27AAPFU0939F1Z', 'too short'],
    ['27AAPXU0939F1ZV', 'PAN with an impossible 4th letter'],
  ])('refuses %s (%s)', (g) => expect(isValidGstin(g)).toBe(false));
});

describe('VerificationBody', () => {
  it("uses the spec's messages", () => {
    const result = VerificationBody.safeParse({ businessName: '', businessAddress: '', businessPhone: '123', panNumber: 'ABC' });
    const messages = result.error?.issues.map((i) => i.message);
    expect(messages).toEqual(expect.arrayContaining(['Business name is required', 'Business address is required', 'Valid phone number required', 'PAN number required']));
  });

  it('checks the PAN format and that the GSTIN contains the PAN', () => {
    // A bad 4th (holder type) letter, a digit among the letters, a letter among the digits, a digit at either end.
    for (const pan of ['AAPXU0939F', 'AAPF10939F', 'AAPFU093YF', 'AAPFU09391', '1APFU0939F']) {
      expect(VerificationBody.safeParse({ ...base, panNumber: pan }).error?.issues[0]?.message, pan).toBe('Enter a valid PAN, like ABCPE1234F');
    }
    for (const pan of ['AAPCU0939F', 'AAPHU0939F', 'AAPTU0939F', 'ABCPE1234F']) expect(VerificationBody.safeParse({ ...base, panNumber: pan }).success, pan).toBe(true);
    expect(VerificationBody.safeParse({ ...base, gstNumber: '29AABCT1332L1ZA' }).error?.issues[0]?.message).toBe('The GSTIN must contain your PAN');
    expect(VerificationBody.safeParse({ ...base, gstNumber: '27AAPFU0939F1ZW' }).error?.issues[0]?.message).toBe('Enter a valid 15-character GSTIN');
    expect(VerificationBody.parse({ ...base, panNumber: 'aapfu0939f', gstNumber: '27aapfu0939f1zv' })).toMatchObject({ panNumber: 'AAPFU0939F', gstNumber: '27AAPFU0939F1ZV' });
    expect(VerificationBody.parse({ ...base, gstNumber: '' }).gstNumber).toBeUndefined();
  });
});
