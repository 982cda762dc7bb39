import { Quote, Star, Users, Video, Zap, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card } from '@/components/ui/card';
import '../i18n';

type Feature = { Icon: LucideIcon; title: string; body: string };

export function LandingFeatures() {
  const { t } = useTranslation();
  const features: Feature[] = [
    { Icon: Video, title: t('landing.feature_video_title'), body: t('landing.feature_video_body') },
    { Icon: Zap, title: t('landing.feature_purchase_title'), body: t('landing.feature_purchase_body') },
    { Icon: Users, title: t('landing.feature_community_title'), body: t('landing.feature_community_body') },
  ];
  return (
    <section aria-labelledby="features-heading" className="mx-auto max-w-6xl px-5 py-12">
      <h2 id="features-heading" className="text-center text-2xl font-bold md:text-3xl">
        {t('landing.features_title')}
      </h2>
      <ul className="mt-8 grid gap-4 md:grid-cols-3">
        {features.map(({ Icon, title, body }) => (
          <li key={title}>
            <Card className="h-full p-6">
              <span className="flex size-12 items-center justify-center rounded-2xl bg-brand-gradient text-white">
                <Icon className="size-6" aria-hidden="true" />
              </span>
              <h3 className="mt-4 text-lg font-semibold">{title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{body}</p>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function LandingStats() {
  const { t } = useTranslation();
  const stats = [
    { value: t('landing.stats_users_value'), label: t('landing.stats_users_label') },
    { value: t('landing.stats_sellers_value'), label: t('landing.stats_sellers_label') },
    { value: t('landing.stats_satisfaction_value'), label: t('landing.stats_satisfaction_label') },
  ];
  return (
    <section className="bg-brand-gradient text-white">
      <dl className="mx-auto grid max-w-6xl grid-cols-3 gap-2 px-5 py-10 text-center">
        {stats.map(({ value, label }) => (
          <div key={label} className="flex flex-col-reverse">
            <dt className="mt-1 text-xs text-white/90 sm:text-sm">{label}</dt>
            <dd className="text-2xl font-extrabold sm:text-4xl">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

const TESTIMONIALS = [1, 2, 3] as const;

export function LandingTestimonials() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="testimonials-heading" className="mx-auto max-w-6xl px-5 py-12">
      <h2 id="testimonials-heading" className="text-center text-2xl font-bold md:text-3xl">
        {t('landing.testimonials_title')}
      </h2>
      <ul className="mt-8 grid gap-4 md:grid-cols-3">
        {TESTIMONIALS.map((n) => {
          const name = t(`landing.testimonial_${n}_name`);
          return (
            <li key={n}>
              <figure className="flex h-full flex-col rounded-[var(--radius-card)] border bg-card p-6 shadow-sm">
                <div className="flex items-center justify-between">
                  <span className="flex gap-0.5" role="img" aria-label={t('landing.rating_label')}>
                    {Array.from({ length: 5 }, (_, i) => (
                      <Star key={i} className="size-4 fill-amber-400 text-amber-400" aria-hidden="true" />
                    ))}
                  </span>
                  <Quote className="size-6 text-brand-200" aria-hidden="true" />
                </div>
                <blockquote className="mt-4 flex-1 text-sm leading-relaxed">“{t(`landing.testimonial_${n}_quote`)}”</blockquote>
                <figcaption className="mt-5 flex items-center gap-3">
                  <span className="flex size-10 items-center justify-center rounded-full bg-secondary font-semibold text-secondary-foreground" aria-hidden="true">
                    {name.charAt(0)}
                  </span>
                  <span>
                    <span className="block text-sm font-semibold">{name}</span>
                    <span className="block text-xs text-muted-foreground">{t(`landing.testimonial_${n}_city`)}</span>
                  </span>
                </figcaption>
              </figure>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
