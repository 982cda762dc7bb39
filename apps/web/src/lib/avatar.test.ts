import { describe, expect, it } from 'vitest';
import { getAvatarContent, getAvatarInitial } from './avatar';

describe('avatar rule', () => {
  it('shows the profile image when there is one', () => {
    expect(getAvatarContent({ profileImageUrl: 'https://img.example/a.png', firstName: 'Asha' })).toEqual({
      kind: 'image',
      src: 'https://img.example/a.png',
      fallback: 'A',
    });
  });

  it('else the first letter of the first name', () => {
    expect(getAvatarContent({ profileImageUrl: null, firstName: 'ravi', email: 'x@example.in' })).toEqual({ kind: 'initial', letter: 'R' });
  });

  it('else the first letter of the e-mail', () => {
    expect(getAvatarInitial({ firstName: '  ', email: 'meera@example.in' })).toBe('M');
  });

  it("else 'U'", () => {
    expect(getAvatarInitial({ firstName: null, email: null })).toBe('U');
    expect(getAvatarInitial(null)).toBe('U');
    expect(getAvatarContent({ profileImageUrl: '' })).toEqual({ kind: 'initial', letter: 'U' });
  });

  it('keeps non-Latin first letters', () => {
    expect(getAvatarInitial({ firstName: 'अनिल' })).toBe('अ');
  });
});
