import { AlertCircle, LogIn } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { buttonVariants } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { SIGN_IN_URL } from '@/lib/session';
import { useDocumentTitle } from '@/lib/use-document-title';

const SHOW_PATH = /^\/stream\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// SPEC section 2: titled 'Page Not Found', reading '404 Page Not Found' and 'Did you forget to add the page to the router?'.
// Issue 13: a shared show link opened signed out still shows this page, with 'Sign in to watch', which
// comes back to the show after sign-in (the server's returnTo).
export function NotFoundRoute() {
  const { t } = useTranslation();
  const [path] = useLocation();
  useDocumentTitle(t('not_found.title'));
  const isShow = SHOW_PATH.test(path);
  return (
    <main className="flex min-h-[70dvh] items-center justify-center px-5 py-10">
      <Card className="w-full max-w-md p-6 text-center">
        <AlertCircle className="mx-auto size-10 text-destructive" aria-hidden="true" />
        <h1 className="mt-4 text-2xl font-bold">{t('not_found.heading')}</h1>
        <p className="mt-2 text-sm text-muted-foreground">{t('not_found.body')}</p>
        <div className="mt-6 flex flex-col items-center gap-3">
          {isShow ? (
            // A full page load: sign-in is served by the server, outside the app.
            <a href={`${SIGN_IN_URL}?returnTo=${encodeURIComponent(path)}`} className={buttonVariants({ className: 'w-full max-w-xs' })}>
              <LogIn aria-hidden="true" />
              {t('not_found.sign_in_to_watch')}
            </a>
          ) : null}
          <Link href="/" className={buttonVariants({ variant: 'outline', className: isShow ? 'w-full max-w-xs' : undefined })}>
            {t('common.go_home')}
          </Link>
        </div>
      </Card>
    </main>
  );
}
