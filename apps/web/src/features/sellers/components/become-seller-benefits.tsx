import '../become-seller-i18n';
import { Rocket, TrendingUp, Video } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

function Benefit({ icon, title, body }: { icon: ReactNode; title: string; body: string }) {
  return (
    <li className="flex gap-3 rounded-2xl border bg-card p-4 shadow-sm">
      <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-secondary text-primary [&_svg]:size-5">{icon}</span>
      <div>
        <h3 className="font-semibold">{title}</h3>
        <p className="mt-0.5 text-sm text-muted-foreground">{body}</p>
      </div>
    </li>
  );
}

/** SPEC section 2: live interaction, 25-30% higher conversion through live demos, easy setup. */
export function BecomeSellerBenefits() {
  const { t } = useTranslation();
  return (
    <section className="space-y-4">
      <div className="rounded-[var(--radius-card)] bg-brand-gradient p-5 text-white shadow-lg shadow-rose-500/20">
        <h2 className="text-2xl font-bold">{t('become_seller.hero_title')}</h2>
        <p className="mt-1 text-sm text-white/90">{t('become_seller.hero_body')}</p>
      </div>
      <ul className="space-y-3">
        <Benefit icon={<Video aria-hidden="true" />} title={t('become_seller.benefit_live_title')} body={t('become_seller.benefit_live_body')} />
        <Benefit icon={<TrendingUp aria-hidden="true" />} title={t('become_seller.benefit_conversion_title')} body={t('become_seller.benefit_conversion_body')} />
        <Benefit icon={<Rocket aria-hidden="true" />} title={t('become_seller.benefit_setup_title')} body={t('become_seller.benefit_setup_body')} />
      </ul>
    </section>
  );
}
