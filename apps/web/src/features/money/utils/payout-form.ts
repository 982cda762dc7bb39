import type { Resolver } from 'react-hook-form';
import type { PayoutAccountBody } from '@live-market/contract/money';
import { issuesToErrors } from './form-errors';

export type PayoutKind = 'bank' | 'vpa';
export type PayoutFormValues = { kind: PayoutKind; accountHolderName: string; ifsc: string; accountNumber: string; vpa: string };

export const EMPTY_PAYOUT_FORM: PayoutFormValues = { kind: 'bank', accountHolderName: '', ifsc: '', accountNumber: '', vpa: '' };

/** The body for the chosen kind only: the contract's two shapes are strict, a UPI id beside a bank account is refused. */
export function payoutBody(values: PayoutFormValues): Record<string, string> {
  return values.kind === 'bank'
    ? { accountHolderName: values.accountHolderName, ifsc: values.ifsc, accountNumber: values.accountNumber }
    : { accountHolderName: values.accountHolderName, vpa: values.vpa };
}

/**
 * Checks the form with the contract's PayoutAccountBody (the server checks it again). The union's own
 * error only says "a bank account or a UPI id"; the shape the seller chose gives each field its message.
 * The schema loads with the first check, so zod stays out of the dashboard's chunk.
 */
export const payoutResolver: Resolver<PayoutFormValues, unknown, PayoutAccountBody> = async (values) => {
  const { PayoutAccountBody } = await import('@live-market/contract/money');
  const [bank, upi] = PayoutAccountBody.options;
  const result = (values.kind === 'bank' ? bank : upi).safeParse(payoutBody(values));
  return result.success ? { values: result.data, errors: {} } : { values: {}, errors: issuesToErrors<PayoutFormValues>(result.error.issues) };
};
