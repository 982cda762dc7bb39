import '../i18n';
import { Loader2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { AuditEntry } from '@live-market/contract/admin';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { formatRupees } from '@/lib/format';
import { formatDate } from '@/lib/format-date';
import { useAuditLog } from '../api/audit';
import { QueueBody } from './queue-body';

function AuditRow({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation();
  const details = Object.entries(entry.details).filter(([, value]) => value !== null && value !== '');
  return (
    <li>
      <Card className="space-y-1.5 p-4 text-sm" aria-label={t(`admin.actions.${entry.action}`)}>
        <div className="flex flex-wrap items-baseline justify-between gap-x-2">
          <span className="font-semibold">{t(`admin.actions.${entry.action}`)}</span>
          <time dateTime={entry.at} className="text-xs text-muted-foreground">
            {formatDate(entry.at, 'dateTime')}
          </time>
        </div>
        <p className="text-xs break-words text-muted-foreground">{t('admin.audit_by', { name: entry.operatorName })}</p>
        <p className="text-xs text-muted-foreground">
          {t(`admin.targets.${entry.targetType}`)} <span className="font-mono text-[11px] break-all">{entry.targetId}</span>
        </p>
        {entry.reason ? <p className="rounded-xl bg-muted px-3 py-2 break-words whitespace-pre-line">{entry.reason}</p> : null}
        {details.length ? (
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 text-xs text-muted-foreground">
            {details.map(([key, value]) => (
              <div key={key} className="contents">
                <dt>{t(`admin.details.${key}`, { defaultValue: key })}</dt>
                <dd className="break-all">{key === 'amount' && typeof value === 'string' ? formatRupees(value) : String(value)}</dd>
              </div>
            ))}
          </dl>
        ) : null}
      </Card>
    </li>
  );
}

/** The append-only audit log, newest first: who, when, what and why; older pages on request. */
export function AuditLog() {
  const { t } = useTranslation();
  const log = useAuditLog();
  const entries = log.data?.pages.flatMap((page) => page.entries);
  return (
    <div className="space-y-3">
      <QueueBody query={{ ...log, data: entries }} label={t('admin.sections.audit')} empty={t('admin.audit_empty')}>
        {(entry) => <AuditRow key={entry.id} entry={entry} />}
      </QueueBody>
      {log.hasNextPage ? (
        <Button variant="outline" className="w-full" onClick={() => void log.fetchNextPage()} disabled={log.isFetchingNextPage} aria-busy={log.isFetchingNextPage}>
          {log.isFetchingNextPage ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
          {t('admin.older')}
        </Button>
      ) : null}
    </div>
  );
}
