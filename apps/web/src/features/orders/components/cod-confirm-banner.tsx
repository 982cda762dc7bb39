import 'virtual:english-load/checkout';
import 'virtual:english-load/orders';
import { Loader2, ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { parseApiError } from '@/lib/api-client';
import { formatIstDateTime } from '@/lib/format-date';
import { handleUnauthorized } from '@/lib/session';
import { toast } from '@/lib/toast';
import { useConfirmCod } from '../api/confirm-cod';

/**
 * A large cash-on-delivery order waits for its buyer to confirm it before the seller may ship it, and is
 * cancelled if they do not by the deadline, shown in IST like the SMS that asks for it.
 */
export function CodConfirmBanner({ orderId, expiresAt }: { orderId: string; expiresAt: string }) {
  const { t } = useTranslation();
  const confirm = useConfirmCod({
    onSuccess: () => toast({ title: t('orders.cod_confirmed_title'), description: t('orders.cod_confirmed_body') }),
    onError: (error) => {
      if (handleUnauthorized(error)) return;
      toast({ variant: 'destructive', title: t('orders.cod_confirm_failed'), description: parseApiError(error).userMessage ?? t('checkout.try_again') });
    },
  });
  const deadline = formatIstDateTime(expiresAt);
  return (
    <section aria-labelledby={`cod-${orderId}`} className="space-y-2 rounded-2xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
      <h3 id={`cod-${orderId}`} className="flex items-center gap-1.5 font-semibold">
        <ShieldCheck className="size-4 shrink-0" aria-hidden="true" />
        {t('orders.cod_confirm_title')}
      </h3>
      {deadline ? <p>{t('orders.cod_confirm_body', { time: deadline })}</p> : null}
      <Button className="w-full" onClick={() => confirm.mutate(orderId)} disabled={confirm.isPending} aria-busy={confirm.isPending}>
        {confirm.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
        {t('orders.cod_confirm')}
      </Button>
    </section>
  );
}
