import { DEFAULT_VERIFICATION_LEVEL } from '@live-market/contract/constants';
import type { VerificationLevel } from '@live-market/contract/catalog';
import type { Seller } from '@live-market/contract/sellers';

/** The level a store shows: its own when verified (Basic when it has none), else 'none' (Not Verified). */
export function displayedLevel(seller: Pick<Seller, 'isVerified' | 'verificationLevel'>): VerificationLevel {
  if (!seller.isVerified) return 'none';
  return seller.verificationLevel === 'none' ? DEFAULT_VERIFICATION_LEVEL : seller.verificationLevel;
}
