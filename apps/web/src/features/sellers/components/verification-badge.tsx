import 'virtual:english-load/verification';
import { BadgeCheck, ShieldPlus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { Seller } from '@live-market/contract/sellers';
import { Badge } from '@/components/ui/badge';
import { displayedLevel } from '../utils/verification';

/** SPEC section 2: 'Verified' plus the level (default Basic), or a 'Get Verified' badge linking to /seller/verification. */
export function VerificationBadge({ seller }: { seller: Pick<Seller, 'isVerified' | 'verificationLevel'> }) {
  const { t } = useTranslation();
  if (!seller.isVerified) {
    return (
      <Link href="/seller/verification" className="inline-flex rounded-full focus-visible:outline-2">
        <Badge variant="outline" className="border-brand-500 text-primary hover:bg-brand-50">
          <ShieldPlus className="size-3.5" aria-hidden="true" />
          {t('verification.get_verified')}
        </Badge>
      </Link>
    );
  }
  return (
    <Badge className="bg-emerald-600 bg-none">
      <BadgeCheck className="size-3.5" aria-hidden="true" />
      {t('verification.verified_level', { level: t(`verification_levels.${displayedLevel(seller)}`) })}
    </Badge>
  );
}
