import { VideoOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { buttonVariants } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useDocumentTitle } from '@/lib/use-document-title';

// SPEC section 2: 'Stream Not Found - This stream may have ended or doesn't exist.' with a 'Go to Home' link.
export function StreamNotFound() {
  const { t } = useTranslation();
  useDocumentTitle(`${t('stream.not_found_title')} · ${t('common.brand')}`);
  return (
    <main className="flex min-h-[70dvh] items-center justify-center px-5 py-10">
      <Card className="w-full max-w-md p-6 text-center">
        <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-secondary text-primary">
          <VideoOff className="size-7" aria-hidden="true" />
        </span>
        <h1 className="mt-4 text-2xl font-bold">{t('stream.not_found_title')}</h1>
        <p className="mt-2 text-sm text-muted-foreground">{t('stream.not_found_body')}</p>
        <Link href="/" className={buttonVariants({ className: 'mt-6' })}>
          {t('common.go_home')}
        </Link>
      </Card>
    </main>
  );
}
