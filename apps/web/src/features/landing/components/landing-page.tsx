import { ArrowRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { COPYRIGHT_YEAR } from '@live-market/contract/constants';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { signIn } from '@/lib/session';
import { BrandLogo } from '@/components/brand-logo';
import { LandingHero } from './landing-hero';
import { LandingFeatures, LandingStats, LandingTestimonials } from './landing-sections';
import '../i18n';

/** `languagePicker` comes from the app (features do not import each other): a visitor chooses before signing in. */
export function LandingPage({ languagePicker }: { languagePicker?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="min-h-dvh">
      <header className="sticky top-0 z-40 border-b border-transparent bg-background/85 pt-safe backdrop-blur-md">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between px-5">
          <BrandLogo />
          <div className="flex min-w-0 items-center gap-2">
            {languagePicker}
            <Button size="sm" onClick={() => signIn()}>
              {t('landing.get_started')}
            </Button>
          </div>
        </div>
      </header>

      <main>
        <LandingHero />
        <LandingFeatures />
        <LandingStats />
        <LandingTestimonials />

        <section className="mx-auto max-w-6xl px-5 pb-14">
          <div className="rounded-[2rem] bg-stone-900 px-6 py-10 text-center text-white shadow-xl">
            <h2 className="text-2xl font-bold md:text-3xl">{t('landing.cta_title')}</h2>
            <p className="mx-auto mt-2 max-w-md text-sm text-white/80">{t('landing.cta_body')}</p>
            <Button size="lg" className="mt-6" onClick={() => signIn()}>
              {t('landing.start_shopping_now')}
              <ArrowRight aria-hidden="true" />
            </Button>
          </div>
        </section>
      </main>

      <footer className="border-t bg-card pb-safe">
        <div className="mx-auto flex max-w-6xl flex-col items-center gap-2 px-5 py-8 text-center text-sm text-muted-foreground">
          <BrandLogo />
          <p>{t('landing.footer_tagline')}</p>
          <p>{t('landing.footer_copyright', { year: COPYRIGHT_YEAR })}</p>
          <Link href="/grievance" className="font-medium text-primary underline">
            {t('landing.footer_grievance')}
          </Link>
        </div>
      </footer>
    </div>
  );
}
