import 'virtual:english-load/returns';
import '../i18n';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminReturn } from '@live-market/contract/admin';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { formatRupees } from '@/lib/format';
import { formatDate } from '@/lib/format-date';
import { orderNumber } from '@/lib/orders';
import { useDecideReturn, useEscalatedReturns } from '../api/returns';
import { toastDone } from '../utils/notify';
import { QueueBody } from './queue-body';
import { ReasonSheet } from './reason-sheet';

type Decision = 'refund' | 'reject';

function ReturnPhotos({ item }: { item: AdminReturn }) {
  const { t } = useTranslation();
  if (!item.photoUrls.length) return <p className="text-xs text-muted-foreground">{t('admin.no_photos')}</p>;
  return (
    <div className="flex flex-wrap gap-2" role="group" aria-label={t('admin.photos')}>
      {item.photoUrls.map((url, index) => (
        <a key={url} href={url} target="_blank" rel="noopener">
          <img src={url} alt={t('admin.photo', { n: index + 1 })} className="size-20 rounded-lg border object-cover" loading="lazy" />
        </a>
      ))}
    </div>
  );
}

/** Returns the buyer escalated after the store refused them: the buyer's side, the store's, the photos; refund or reject. */
export function ReturnQueue() {
  const { t } = useTranslation();
  const query = useEscalatedReturns();
  const decide = useDecideReturn();
  const [acting, setActing] = useState<{ item: AdminReturn; decision: Decision } | null>(null);
  return (
    <>
      <QueueBody query={query} label={t('admin.sections.returns')} empty={t('admin.returns_empty')}>
        {(item) => (
          <li key={item.id}>
            <Card className="space-y-3 p-4 text-sm" aria-label={t('admin.return_label', { number: orderNumber(item.orderId) })}>
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div className="min-w-0">
                  <p className="font-semibold">{t('admin.order_number', { number: orderNumber(item.orderId) })}</p>
                  <p className="text-xs break-words text-muted-foreground">
                    {t('admin.buyer_and_store', { buyer: item.buyerName, store: item.storeName })} · {formatDate(item.createdAt)}
                  </p>
                </div>
                <strong className="tabular-nums">{formatRupees(item.amount)}</strong>
              </div>
              <ul>
                {item.items.map((line, index) => (
                  <li key={index} className="font-medium">
                    {line.name} × {line.quantity}
                  </li>
                ))}
              </ul>
              <p>{t('admin.return_reason', { reason: t(`returns.reason_${item.reason}`) })}</p>
              {item.note ? <p className="rounded-xl bg-muted px-3 py-2 break-words">{t('admin.buyer_note', { note: item.note })}</p> : null}
              {item.sellerNote ? <p className="rounded-xl bg-amber-50 px-3 py-2 break-words text-amber-900">{t('admin.store_note', { note: item.sellerNote })}</p> : null}
              <ReturnPhotos item={item} />
              <div className="grid grid-cols-2 gap-2">
                <Button size="sm" onClick={() => setActing({ item, decision: 'refund' })}>
                  {t('admin.refund_buyer')}
                </Button>
                <Button size="sm" variant="outline" onClick={() => setActing({ item, decision: 'reject' })}>
                  {t('admin.reject')}
                </Button>
              </div>
            </Card>
          </li>
        )}
      </QueueBody>
      {acting ? (
        <ReasonSheet
          key={`${acting.item.id}-${acting.decision}`}
          open
          onOpenChange={(open) => !open && setActing(null)}
          title={acting.decision === 'refund' ? t('admin.return_refund_title', { amount: formatRupees(acting.item.amount) }) : t('admin.return_reject_title')}
          description={t('admin.return_decide_body')}
          confirmLabel={acting.decision === 'refund' ? t('admin.refund_buyer') : t('admin.reject')}
          destructive={acting.decision === 'reject'}
          pending={decide.isPending}
          onConfirm={(reason) =>
            decide
              .mutateAsync({ id: acting.item.id, decision: acting.decision, reason })
              .then(() => {
                toastDone(acting.decision === 'refund' ? t('admin.return_refunded_done') : t('admin.return_rejected_done'));
                setActing(null);
              })
          }
        />
      ) : null}
    </>
  );
}
