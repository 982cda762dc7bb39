import type { TFunction } from 'i18next';
import { messageKey } from '@live-market/contract/i18n';

/**
 * The catalog key of a contract validation message. Schema messages are English (SPEC section 5);
 * the contract's en.json maps each to itself under "validation" and other locales translate it.
 */
export function validationKey(message: string): string {
  return `validation.${messageKey(message)}`;
}

/** The message in the current language, or the English message when it has no translation. */
export function translateValidation(t: TFunction, message: string): string {
  return t(validationKey(message) as 'validation.First name is required', { defaultValue: message });
}
