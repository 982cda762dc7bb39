import 'virtual:english-load/confirm_cod';
import { CheckCircle2, Loader2, ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useConfirmCodByToken } from '@/features/orders/api/confirm-cod';
import { parseApiError } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/use-document-title';

/**
 * /confirm-cod/{token}: the link in the SMS (and the in-app notification) that confirms a large
 * cash-on-delivery order. Signed in or not: the token is the proof, so a buyer on another phone can use it.
 * Nothing is sent on opening: a link preview fetching the page must not confirm the order.
 */
export function ConfirmCodRoute({ token }: { token: string }) {
  const { t } = useTranslation();
  useDocumentTitle(t('confirm_cod.title'));
  const confirm = useConfirmCodByToken();
  const problem = confirm.isError ? (parseApiError(confirm.error).userMessage ?? t('confirm_cod.failed')) : null;
  return (
    <main className="flex min-h-[70dvh] items-center justify-center px-5 py-10">
      <Card className="w-full max-w-md p-6 text-center">
        {confirm.isSuccess ? (
          <div role="status" className="space-y-4">
            <CheckCircle2 className="mx-auto size-10 text-emerald-600" aria-hidden="true" />
            <h1 className="text-xl font-bold">{t('confirm_cod.done_title')}</h1>
            <Link href="/orders" className={buttonVariants({ variant: 'outline' })}>
              {t('confirm_cod.my_orders')}
            </Link>
          </div>
        ) : (
          <div className="space-y-4">
            <ShieldCheck className="mx-auto size-10 text-brand-600" aria-hidden="true" />
            <h1 className="text-xl font-bold">{t('confirm_cod.title')}</h1>
            <p className="text-sm text-muted-foreground">{t('confirm_cod.body')}</p>
            {problem ? (
              <p role="alert" className="rounded-xl bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
                {problem}
              </p>
            ) : null}
            <Button className="w-full" onClick={() => confirm.mutate(token)} disabled={confirm.isPending} aria-busy={confirm.isPending}>
              {confirm.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
              {t('confirm_cod.confirm')}
            </Button>
          </div>
        )}
      </Card>
    </main>
  );
}
