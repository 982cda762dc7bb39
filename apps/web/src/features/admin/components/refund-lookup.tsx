import '../i18n';
import { CheckCircle2, Hourglass, Search } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminIdParam, type AdminOrder, type AdminRefundResult } from '@live-market/contract/admin';
import { OrderStatusBadge } from '@/components/order-status-badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { parseApiError } from '@/lib/api-client';
import { formatRupees } from '@/lib/format';
import { formatDate } from '@/lib/format-date';
import { paymentStatusKey } from '@/lib/orders';
import { useAdminOrder, useRefundOrder } from '../api/refunds';
import { ReasonSheet } from './reason-sheet';

function RefundResult({ result }: { result: AdminRefundResult }) {
  const { t } = useTranslation();
  const amount = formatRupees(result.amount);
  return result.status === 'refunded' ? (
    <p role="status" className="flex items-start gap-2 rounded-xl bg-emerald-50 p-3 text-sm text-emerald-900">
      <CheckCircle2 className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      {t('admin.refunded_done', { amount })}
    </p>
  ) : (
    <p role="status" className="flex items-start gap-2 rounded-xl bg-amber-50 p-3 text-sm text-amber-900">
      <Hourglass className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      {t('admin.awaiting_approval', { amount })}
    </p>
  );
}

function OrderCard({ order, onRefund }: { order: AdminOrder; onRefund: () => void }) {
  const { t } = useTranslation();
  const refundable = Number(order.refundable) > 0;
  return (
    <Card className="space-y-3 p-4 text-sm" aria-label={t('admin.order_number', { number: order.ref })}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-semibold">{t('admin.order_number', { number: order.ref })}</span>
        <OrderStatusBadge status={order.status} />
      </div>
      <p className="text-xs break-words text-muted-foreground">
        {t('admin.buyer_and_store', { buyer: order.buyerName, store: order.storeName })} · {formatDate(order.createdAt)}
      </p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
        <dt className="text-muted-foreground">{t('admin.payment')}</dt>
        <dd>{t(paymentStatusKey(order.paymentStatus))}</dd>
        <dt className="text-muted-foreground">{t('admin.total')}</dt>
        <dd className="tabular-nums">{formatRupees(order.total)}</dd>
        <dt className="text-muted-foreground">{t('admin.refundable')}</dt>
        <dd className="font-semibold tabular-nums">{formatRupees(order.refundable)}</dd>
      </dl>
      <Button size="sm" variant="destructive" className="w-full" disabled={!refundable} onClick={onRefund}>
        {refundable ? t('admin.refund_amount', { amount: formatRupees(order.refundable) }) : t('admin.nothing_to_refund')}
      </Button>
    </Card>
  );
}

/** Look an order up by its id and refund what is left of it; above the limit the refund waits for a second operator. */
export function RefundLookup() {
  const { t } = useTranslation();
  const fieldId = useId();
  const [text, setText] = useState('');
  const [id, setId] = useState('');
  const [invalid, setInvalid] = useState(false);
  const [refunding, setRefunding] = useState(false);
  const [result, setResult] = useState<AdminRefundResult | null>(null);
  const order = useAdminOrder(id);
  const refund = useRefundOrder();
  const lookUp = (event: FormEvent) => {
    event.preventDefault();
    const checked = AdminIdParam.safeParse({ id: text.trim().toLowerCase() });
    setInvalid(!checked.success);
    if (!checked.success) return;
    setResult(null);
    setId(checked.data.id);
  };
  return (
    <section className="space-y-3">
      <form role="search" onSubmit={lookUp} className="space-y-2" noValidate>
        <Label htmlFor={fieldId}>{t('admin.order_id')}</Label>
        <div className="flex gap-2">
          <Input id={fieldId} autoComplete="off" spellCheck={false} placeholder={t('admin.order_id_placeholder')} value={text} onChange={(event) => setText(event.target.value)} aria-invalid={invalid || undefined} className="font-mono text-sm" />
          <Button type="submit" size="icon" className="shrink-0 rounded-xl">
            <Search aria-hidden="true" />
            <span className="sr-only">{t('admin.find_order')}</span>
          </Button>
        </div>
        {invalid ? (
          <p role="alert" className="text-sm font-medium text-destructive">
            {t('admin.order_id_error')}
          </p>
        ) : null}
      </form>
      {!id ? null : order.isPending ? (
        <Skeleton className="h-40 rounded-2xl" />
      ) : order.isError ? (
        <p role="alert" className="rounded-xl bg-muted/50 p-3 text-sm text-muted-foreground">
          {parseApiError(order.error).status === 404 ? t('admin.order_not_found') : (parseApiError(order.error).userMessage ?? t('admin.load_error'))}
        </p>
      ) : (
        <OrderCard order={order.data} onRefund={() => setRefunding(true)} />
      )}
      {result ? <RefundResult result={result} /> : null}
      {refunding && order.data ? (
        <ReasonSheet
          open
          onOpenChange={setRefunding}
          title={t('admin.refund_title', { amount: formatRupees(order.data.refundable), number: order.data.ref })}
          description={t('admin.refund_body')}
          confirmLabel={t('admin.refund')}
          destructive
          pending={refund.isPending}
          onConfirm={(reason) =>
            refund
              .mutateAsync({ id, reason })
              .then((answer) => {
                setResult(answer);
                setRefunding(false);
              })
          }
        />
      ) : null}
    </section>
  );
}
