import '../i18n';
import { Eye } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { AdminStream } from '@live-market/contract/admin';
import { Badge } from '@/components/ui/badge';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { formatCount } from '@/lib/format';
import { formatDate } from '@/lib/format-date';
import { useAdminStreams, useEndStream } from '../api/streams';
import { toastDone } from '../utils/notify';
import { QueueBody } from './queue-body';
import { ReasonSheet } from './reason-sheet';

/** The shows live now: watch one, or end it (its viewers see it end; the seller is told why). */
export function StreamList() {
  const { t } = useTranslation();
  const query = useAdminStreams();
  const end = useEndStream();
  const [ending, setEnding] = useState<AdminStream | null>(null);
  return (
    <>
      <QueueBody query={query} label={t('admin.sections.streams')} empty={t('admin.streams_empty')}>
        {(stream) => (
          <li key={stream.id}>
            <Card className="space-y-3 p-4 text-sm" aria-label={stream.title}>
              <div className="flex items-start justify-between gap-2">
                <div className="min-w-0">
                  <h3 className="font-semibold break-words">{stream.title}</h3>
                  <p className="text-xs break-words text-muted-foreground">
                    {stream.storeName}
                    {stream.startedAt ? ` · ${t('admin.live_since', { time: formatDate(stream.startedAt, 'dateTime') })}` : ''}
                  </p>
                </div>
                <Badge variant="live" className="shrink-0">
                  <Eye className="size-3.5" aria-hidden="true" />
                  {formatCount(stream.viewerCount)}
                </Badge>
              </div>
              <div className="grid grid-cols-2 gap-2">
                <Link href={`/stream/${stream.id}`} className={buttonVariants({ size: 'sm', variant: 'outline' })}>
                  {t('admin.watch')}
                </Link>
                <Button size="sm" variant="destructive" onClick={() => setEnding(stream)}>
                  {t('admin.end_show')}
                </Button>
              </div>
            </Card>
          </li>
        )}
      </QueueBody>
      {ending ? (
        <ReasonSheet
          key={ending.id}
          open
          onOpenChange={(open) => !open && setEnding(null)}
          title={t('admin.end_title', { title: ending.title })}
          description={t('admin.end_body', { store: ending.storeName })}
          confirmLabel={t('admin.end_show')}
          destructive
          pending={end.isPending}
          onConfirm={(reason) =>
            end
              .mutateAsync({ id: ending.id, reason })
              .then(() => {
                toastDone(t('admin.ended_done'));
                setEnding(null);
              })
          }
        />
      ) : null}
    </>
  );
}
