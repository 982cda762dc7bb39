import '../i18n';
import { DEFECT_RETURN_DAYS } from '@live-market/contract/product-terms';
import type { TFunction } from 'i18next';

/** "7-day returns" or "No returns": the short form, for the checkout line and the form's picker. */
export const returnPolicyLabel = (t: TFunction, days: number) => (days > 0 ? t('return_policy.days', { days }) : t('return_policy.none'));

/** What the policy means for the buyer, in a sentence. */
export const returnPolicyDetail = (t: TFunction, days: number) =>
  days > 0 ? t('return_policy.days_detail', { days }) : t('return_policy.none_detail', { days: DEFECT_RETURN_DAYS });
