import { formatRupees } from '@/lib/format';

/** A ledger amount ("799", "-39.95") with its sign always shown: "+₹799.00", "-₹39.95". */
export function signedRupees(amount: string): string {
  const value = Number(amount);
  return value > 0 ? `+${formatRupees(value)}` : formatRupees(value);
}

export function isNegative(amount: string): boolean {
  return Number(amount) < 0;
}
