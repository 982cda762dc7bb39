import { describe, expect, it } from 'vitest';
import { i18n } from './i18n';
import { translateValidation, validationKey } from './validation-message';

describe('validation messages', () => {
  it('makes keys without the separators i18next splits on', () => {
    expect(validationKey('Please select a category')).toBe('validation.Please select a category');
    expect(validationKey('Enter the price in rupees, e.g. 2499 or 2499.50')).toBe('validation.Enter the price in rupees, eg 2499 or 249950');
  });

  it('translates a known message and keeps an unknown one as it is', () => {
    expect(translateValidation(i18n.t, 'Enter the price in rupees, e.g. 2499 or 2499.50')).toBe('Enter the price in rupees, e.g. 2499 or 2499.50');
    expect(translateValidation(i18n.t, 'Something new')).toBe('Something new');
  });
});
