import { AlertCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { buttonVariants } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useDocumentTitle } from '@/lib/use-document-title';

// SPEC section 2: titled 'Page Not Found', reading '404 Page Not Found' and 'Did you forget to add the page to the router?'.
export function NotFoundRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('not_found.title'));
  return (
    <main className="flex min-h-[70dvh] items-center justify-center px-5 py-10">
      <Card className="w-full max-w-md p-6 text-center">
        <AlertCircle className="mx-auto size-10 text-destructive" aria-hidden="true" />
        <h1 className="mt-4 text-2xl font-bold">{t('not_found.heading')}</h1>
        <p className="mt-2 text-sm text-muted-foreground">{t('not_found.body')}</p>
        <Link href="/" className={buttonVariants({ variant: 'outline', className: 'mt-6' })}>
          {t('common.go_home')}
        </Link>
      </Card>
    </main>
  );
}
