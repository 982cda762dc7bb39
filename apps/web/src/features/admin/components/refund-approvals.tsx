import '../i18n';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RefundApproval } from '@live-market/contract/admin';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { formatRupees } from '@/lib/format';
import { formatDate } from '@/lib/format-date';
import { useDecideApproval, useRefundApprovals } from '../api/refunds';
import { toastDone } from '../utils/notify';
import { QueueBody } from './queue-body';
import { ReasonSheet } from './reason-sheet';

type Decision = 'approve' | 'decline';

/**
 * Refunds above the operator limit wait here for a second operator. Approving one's own request is
 * refused by the server (409): its message says so.
 */
export function RefundApprovals() {
  const { t } = useTranslation();
  const query = useRefundApprovals();
  const decide = useDecideApproval();
  const [acting, setActing] = useState<{ item: RefundApproval; decision: Decision } | null>(null);
  return (
    <section className="space-y-3">
      <h2 className="font-semibold">{t('admin.approvals_title')}</h2>
      <QueueBody query={query} label={t('admin.approvals_title')} empty={t('admin.approvals_empty')}>
        {(item) => (
          <li key={item.id}>
            <Card className="space-y-2 p-4 text-sm" aria-label={t('admin.approval_label', { ref: item.orderRef })}>
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="font-semibold">{t('admin.order_number', { number: item.orderRef })}</span>
                <strong className="tabular-nums">{formatRupees(item.amount)}</strong>
              </div>
              <p className="text-xs break-words text-muted-foreground">{t('admin.requested_by', { name: item.requestedBy, date: formatDate(item.createdAt, 'dateTime') })}</p>
              <p className="rounded-xl bg-muted px-3 py-2 break-words">{item.reason}</p>
              <div className="grid grid-cols-2 gap-2">
                <Button size="sm" onClick={() => setActing({ item, decision: 'approve' })}>
                  {t('admin.approve')}
                </Button>
                <Button size="sm" variant="outline" onClick={() => setActing({ item, decision: 'decline' })}>
                  {t('admin.decline')}
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
          title={
            acting.decision === 'approve'
              ? t('admin.approve_refund_title', { amount: formatRupees(acting.item.amount), ref: acting.item.orderRef })
              : t('admin.decline_refund_title', { amount: formatRupees(acting.item.amount), ref: acting.item.orderRef })
          }
          description={t('admin.requested_reason', { name: acting.item.requestedBy, reason: acting.item.reason })}
          confirmLabel={acting.decision === 'approve' ? t('admin.approve') : t('admin.decline')}
          destructive={acting.decision === 'decline'}
          pending={decide.isPending}
          onConfirm={(reason) =>
            decide
              .mutateAsync({ id: acting.item.id, decision: acting.decision, reason })
              .then(() => {
                toastDone(acting.decision === 'approve' ? t('admin.approval_done') : t('admin.declined_done'));
                setActing(null);
              })
          }
        />
      ) : null}
    </section>
  );
}
