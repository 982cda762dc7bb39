import '@/features/privacy/i18n';
import { Download, ShieldCheck, Trash2 } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card } from '@/components/ui/card';

/** 'Your data' (issue 28): a download of everything LiveMarket holds about the user, and erasure, as the DPDP Act gives them. */
const DeleteAccountSheet = lazy(() => import('./delete-account-sheet').then((m) => ({ default: m.DeleteAccountSheet })));

export function MyDataCard() {
  const { t } = useTranslation();
  const [sheet, setSheet] = useState<{ open: boolean; key: number } | null>(null);
  return (
    <Card className="space-y-3 p-5">
      <div className="flex items-start gap-4">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-secondary text-primary">
          <ShieldCheck className="size-5" aria-hidden="true" />
        </span>
        <div className="min-w-0 flex-1">
          <h2 className="font-semibold">{t('privacy.title')}</h2>
          <p className="mt-0.5 text-sm text-muted-foreground">{t('privacy.body')}</p>
        </div>
      </div>
      {/* A plain link: the browser saves the JSON the server names, with the session's cookie. */}
      <a href="/api/me/export" download className={buttonVariants({ variant: 'outline', className: 'w-full' })}>
        <Download aria-hidden="true" />
        {t('privacy.download')}
      </a>
      <Button variant="ghost" className="w-full text-destructive" onClick={() => setSheet((s) => ({ open: true, key: (s?.key ?? 0) + 1 }))}>
        <Trash2 aria-hidden="true" />
        {t('privacy.delete')}
      </Button>
      {sheet ? (
        <Suspense fallback={null}>
          <DeleteAccountSheet key={sheet.key} open={sheet.open} onOpenChange={(open) => setSheet({ ...sheet, open })} />
        </Suspense>
      ) : null}
    </Card>
  );
}
