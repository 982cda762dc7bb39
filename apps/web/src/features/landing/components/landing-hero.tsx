import { CircleCheck, Eye, Heart, ShoppingBag, Sparkles, Store } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { formatCount, formatRupees } from '@/lib/format';
import { signIn } from '@/lib/session';
import '../i18n';

/** A drawn preview of a live stream: no image to download before the first paint. */
function StreamPreview() {
  const { t } = useTranslation();
  return (
    <div aria-hidden="true" className="relative mx-auto w-full max-w-sm">
      <div className="absolute -inset-4 rounded-[2rem] bg-brand-gradient opacity-20 blur-2xl" />
      <div className="relative overflow-hidden rounded-[1.75rem] border border-white/60 bg-gradient-to-br from-amber-200 via-orange-300 to-rose-400 p-4 shadow-2xl">
        <div className="flex items-center justify-between">
          <span className="rounded-full bg-live px-2.5 py-0.5 text-xs font-bold text-white">{t('common.live_badge')}</span>
          <span className="inline-flex items-center gap-1 rounded-full bg-black/40 px-2.5 py-0.5 text-xs text-white">
            <Eye className="size-3.5" />
            {t('streams.watching', { viewers: formatCount(2418) })}
          </span>
        </div>
        <div className="mt-20 space-y-2">
          <p className="w-fit rounded-2xl bg-white/85 px-3 py-1.5 text-xs text-stone-800 shadow">{t('landing.preview_chat_1')}</p>
          <p className="flex w-fit items-center gap-1.5 rounded-2xl bg-white/85 px-3 py-1.5 text-xs text-stone-800 shadow">
            {t('landing.preview_chat_2')}
            <CircleCheck className="size-3.5 text-emerald-600" />
          </p>
        </div>
        <div className="mt-3 flex items-center gap-3 rounded-2xl bg-white/95 p-3 shadow-lg">
          <span className="flex size-12 items-center justify-center rounded-xl bg-rose-100 text-rose-600">
            <ShoppingBag className="size-6" />
          </span>
          <span className="flex-1 text-left">
            <span className="block text-sm font-semibold text-stone-900">{t('landing.preview_product')}</span>
            <span className="block text-sm font-bold text-primary">{formatRupees(4499)}</span>
          </span>
          <Heart className="size-5 fill-rose-500 text-rose-500" />
        </div>
      </div>
    </div>
  );
}

export function LandingHero() {
  const { t } = useTranslation();
  return (
    <section className="relative overflow-hidden">
      <div className="absolute inset-x-0 -top-40 -z-10 h-96 bg-gradient-to-b from-brand-100 to-transparent" />
      <div className="mx-auto grid max-w-6xl grid-cols-1 items-center gap-10 px-5 pt-8 pb-14 md:grid-cols-2 md:pt-16">
        <div className="text-center md:text-left">
          <span className="inline-flex items-center gap-1.5 rounded-full bg-secondary px-3 py-1 text-xs font-semibold text-secondary-foreground">
            <Sparkles className="size-3.5" aria-hidden="true" />
            {t('landing.hero_badge')}
          </span>
          <h1 className="mt-4 text-4xl leading-tight font-extrabold tracking-tight md:text-6xl">
            <span className="text-brand-gradient">{t('landing.hero_title')}</span>
          </h1>
          <p className="mx-auto mt-4 max-w-md text-base text-muted-foreground md:mx-0 md:text-lg">{t('landing.hero_subtitle')}</p>
          <div className="mt-7 flex flex-col gap-3 sm:flex-row sm:justify-center md:justify-start">
            <Button size="lg" onClick={() => signIn()}>
              <ShoppingBag aria-hidden="true" />
              {t('landing.start_shopping_live')}
            </Button>
            {/* Issue 25: the purpose survives sign-in: it comes back to the store form, not home. */}
            <Button size="lg" variant="outline" onClick={() => signIn('/become-seller')}>
              <Store aria-hidden="true" />
              {t('landing.become_seller')}
            </Button>
          </div>
        </div>
        <StreamPreview />
      </div>
    </section>
  );
}
