import 'virtual:english-load/verification_tiers';
import 'virtual:english-load/verification';
import { BadgeCheck, ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { VERIFICATION_LEVELS } from '@live-market/contract/catalog';
import type { Seller } from '@live-market/contract/sellers';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { displayedLevel } from '../utils/verification';

const TIER_STYLES = {
  none: 'bg-muted text-muted-foreground',
  basic: 'bg-sky-100 text-sky-800',
  silver: 'bg-slate-200 text-slate-800',
  gold: 'bg-amber-100 text-amber-800',
  diamond: 'bg-violet-100 text-violet-800',
} as const;

/** Step 1: the tiers (SPEC section 4), the store's current level, and 'Start Verification'. */
export function VerificationIntro({ seller, onStart }: { seller: Pick<Seller, 'isVerified' | 'verificationLevel'>; onStart: () => void }) {
  const { t } = useTranslation();
  const current = displayedLevel(seller);
  return (
    <div className="space-y-5">
      {seller.isVerified ? (
        <div className="flex items-center gap-3 rounded-2xl border border-emerald-200 bg-emerald-50 p-4 text-emerald-900">
          <BadgeCheck className="size-8 shrink-0" aria-hidden="true" />
          <div>
            <p className="font-semibold">{t('verification.already_verified', { level: t(`verification_levels.${current}`) })}</p>
            <p className="text-sm">{t('verification.upgrade_hint')}</p>
          </div>
        </div>
      ) : null}
      <div>
        <h3 className="text-base font-semibold">{t('verification.tiers_title')}</h3>
        <p className="mt-1 text-sm text-muted-foreground">{t('verification.tiers_body')}</p>
      </div>
      <ul className="space-y-2">
        {VERIFICATION_LEVELS.map((level) => (
          <li key={level} className={cn('flex items-center gap-3 rounded-xl border p-3', level === current && 'border-brand-500 bg-brand-50')}>
            <span className={cn('flex size-9 shrink-0 items-center justify-center rounded-full', TIER_STYLES[level])}>
              <ShieldCheck className="size-5" aria-hidden="true" />
            </span>
            <div className="min-w-0 flex-1">
              <p className="font-semibold">{t(`verification_levels.${level}`)}</p>
              <p className="text-sm text-muted-foreground">{t(`verification_tiers.${level}`)}</p>
            </div>
            {level === current ? <span className="text-xs font-semibold text-primary">{t('verification.current_level')}</span> : null}
          </li>
        ))}
      </ul>
      <Button size="lg" className="w-full" onClick={onStart}>
        <ShieldCheck aria-hidden="true" />
        {t('verification.start')}
      </Button>
    </div>
  );
}
