import type { TFunction } from 'i18next';

/**
 * The en.json key of a contract validation message. Schema messages are English (SPEC section 5);
 * en.json maps each to itself under "validation" and other locales translate it. i18next splits
 * keys on '.' and ':', so those characters are left out of the key ('e.g.' becomes 'eg').
 */
export function validationKey(message: string): string {
  return `validation.${message.replace(/[.:]/g, '')}`;
}

/** The message in the current language, or the English message when it has no translation. */
export function translateValidation(t: TFunction, message: string): string {
  return t(validationKey(message) as 'validation.First name is required', { defaultValue: message });
}
