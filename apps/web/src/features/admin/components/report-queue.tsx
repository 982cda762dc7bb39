import '../i18n';
import { Flag } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { AdminReport } from '@live-market/contract/admin';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { formatDate } from '@/lib/format-date';
import { useReports, useResolveReport } from '../api/reports';
import { toastDone } from '../utils/notify';
import { QueueBody } from './queue-body';
import { ReasonSheet } from './reason-sheet';

type Action = 'remove' | 'dismiss';

/** Reported chat messages across every store, most reported first: remove the message, or dismiss the reports. */
export function ReportQueue() {
  const { t } = useTranslation();
  const query = useReports();
  const resolve = useResolveReport();
  const [acting, setActing] = useState<{ item: AdminReport; action: Action } | null>(null);
  return (
    <>
      <QueueBody query={query} label={t('admin.sections.reports')} empty={t('admin.reports_empty')}>
        {(item) => (
          <li key={item.messageId}>
            <Card className="space-y-3 p-4 text-sm" aria-label={t('admin.report_label', { name: item.authorName })}>
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="font-semibold break-words">{item.authorName}</span>
                <span className="inline-flex items-center gap-1 rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-800">
                  <Flag className="size-3.5" aria-hidden="true" />
                  {t('admin.report_count', { n: item.reports })}
                </span>
              </div>
              <blockquote className="rounded-xl bg-muted px-3 py-2 break-words whitespace-pre-line">{item.message}</blockquote>
              <p className="text-xs text-muted-foreground">
                <Link href={`/stream/${item.streamId}`} className="font-medium text-primary underline">
                  {item.storeName}
                </Link>{' '}
                · {formatDate(item.createdAt, 'dateTime')}
              </p>
              <div className="grid grid-cols-2 gap-2">
                <Button size="sm" variant="destructive" onClick={() => setActing({ item, action: 'remove' })}>
                  {t('admin.remove_message')}
                </Button>
                <Button size="sm" variant="outline" onClick={() => setActing({ item, action: 'dismiss' })}>
                  {t('admin.dismiss_reports')}
                </Button>
              </div>
            </Card>
          </li>
        )}
      </QueueBody>
      {acting ? (
        <ReasonSheet
          key={`${acting.item.messageId}-${acting.action}`}
          open
          onOpenChange={(open) => !open && setActing(null)}
          title={acting.action === 'remove' ? t('admin.remove_title') : t('admin.dismiss_title')}
          description={acting.item.message}
          confirmLabel={acting.action === 'remove' ? t('admin.remove_message') : t('admin.dismiss_reports')}
          destructive={acting.action === 'remove'}
          pending={resolve.isPending}
          onConfirm={(reason) =>
            resolve
              .mutateAsync({ messageId: acting.item.messageId, action: acting.action, reason })
              .then(() => {
                toastDone(acting.action === 'remove' ? t('admin.removed_done') : t('admin.dismissed_done'));
                setActing(null);
              })
          }
        />
      ) : null}
    </>
  );
}
