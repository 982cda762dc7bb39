import '../i18n';
import { ShieldAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { buttonVariants } from '@/components/ui/button';

/** What a signed-in person who is not an operator sees at /admin (the server's 403 decides, not the app). */
export function OperatorsOnly() {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col items-center gap-3 px-6 py-16 text-center">
      <span className="grid size-16 place-items-center rounded-full bg-primary/10 text-primary">
        <ShieldAlert className="size-8" aria-hidden="true" />
      </span>
      <h2 className="text-lg font-bold">{t('admin.forbidden_title')}</h2>
      <p className="max-w-xs text-sm text-muted-foreground">{t('admin.forbidden_body')}</p>
      <Link href="/" className={buttonVariants({ className: 'mt-2' })}>
        {t('common.go_home')}
      </Link>
    </div>
  );
}
