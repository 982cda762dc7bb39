import { Construction } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { buttonVariants } from '@/components/ui/button';
import { PageHeader } from '../components/page-header';

/** A route that a later issue fills in: the layout, a Back link and its heading, so it does not 404. */
export function PlaceholderRoute({ title }: { title: string }) {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={title} backTo="/" />
      <main className="flex flex-col items-center gap-4 px-6 py-16 text-center">
        <span className="grid size-16 place-items-center rounded-full bg-primary/10 text-primary">
          <Construction className="size-8" aria-hidden="true" />
        </span>
        <p className="max-w-xs text-muted-foreground">{t('pages.coming_soon')}</p>
        <Link href="/" className={buttonVariants({ variant: 'outline' })}>
          {t('pages.go_home')}
        </Link>
      </main>
    </>
  );
}
