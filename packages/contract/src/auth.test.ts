import { describe, expect, it } from 'vitest';
import { IndianMobile, LoginStartBody, UpdateProfileBody } from './auth.js';

describe('IndianMobile', () => {
  it.each([
    ['9876543210', '9876543210'],
    ['+91 98765 43210', '9876543210'],
    ['098765-43210', '9876543210'],
    ['919876543210', '9876543210'],
    ['(987) 654-3210', '9876543210'],
  ])('accepts %s as %s', (input, expected) => {
    expect(IndianMobile.parse(input)).toBe(expected);
  });

  it.each(['5876543210', '987654321', '98765432101', '+1 415 555 0100', 'phone'])('refuses %s', (input) => {
    const result = IndianMobile.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Enter a valid 10-digit Indian mobile number');
  });
});

describe('LoginStartBody', () => {
  it('lower-cases e-mail addresses', () => {
    expect(LoginStartBody.parse({ method: 'email', email: ' Asha@Example.IN ' })).toEqual({ method: 'email', email: 'asha@example.in' });
  });
});

describe('UpdateProfileBody', () => {
  it('requires a first name (SPEC 5)', () => {
    const result = UpdateProfileBody.safeParse({ firstName: ' ', lastName: '' });
    expect(result.error?.issues[0]?.message).toBe('First name is required');
  });

  it('allows an empty e-mail but not an invalid one', () => {
    expect(UpdateProfileBody.parse({ firstName: 'Asha' })).toEqual({ firstName: 'Asha', lastName: '', email: '' });
    expect(UpdateProfileBody.safeParse({ firstName: 'Asha', email: 'x@' }).error?.issues[0]?.message).toBe('Invalid email address');
  });
});
