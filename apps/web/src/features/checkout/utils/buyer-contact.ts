import type { CurrentUser } from '@live-market/contract/auth';

/** What the account already says about the buyer, for a first address (issue 25: not typed again). */
export type BuyerContact = { name: string; phone: string };

/** The account's name and its mobile number as a 10-digit Indian number (the form's format); empty when unknown. */
export function buyerContact(user: Pick<CurrentUser, 'firstName' | 'lastName' | 'phoneNumber'> | null): BuyerContact | undefined {
  if (!user) return undefined;
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ').trim();
  const digits = (user.phoneNumber ?? '').replace(/[\s-]/g, '').replace(/^(\+91|0)/, '');
  return { name, phone: /^[6-9]\d{9}$/.test(digits) ? digits : '' };
}
