import { Check, Copy, MonitorUp } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDate } from '@/lib/format-date';
import { useNewStreamKey, useStreamKeyStatus } from '../api';
// This entry's English texts (before any of them is rendered).
import '../i18n';

function CopyRow({ label, value }: { label: string; value: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="text-sm font-semibold">
        {label}
      </label>
      <div className="mt-1 flex gap-2">
        <input id={id} readOnly value={value} className="min-w-0 flex-1 rounded-lg border bg-muted/40 px-3 py-2 font-mono text-sm" onFocus={(e) => e.currentTarget.select()} />
        <Button
          type="button"
          variant="outline"
          size="icon"
          aria-label={copied ? t('pro_camera.copied') : t('pro_camera.copy', { what: label })}
          onClick={() => void navigator.clipboard?.writeText(value).then(() => setCopied(true), () => setCopied(false))}
        >
          {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
        </Button>
      </div>
    </div>
  );
}

/**
 * Issue 15: the dashboard's card for going live from OBS or Larix. The stream key is shown once, right
 * after it is made; a new key stops the old one.
 */
export function ProCameraCard() {
  const { t } = useTranslation();
  const titleId = useId();
  const status = useStreamKeyStatus();
  const newKey = useNewStreamKey();
  const issued = newKey.data;
  return (
    <Card className="p-5" role="region" aria-labelledby={titleId}>
      <div className="flex items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-secondary text-primary">
          <MonitorUp className="size-5" aria-hidden="true" />
        </span>
        <div className="min-w-0">
          <h2 id={titleId} className="text-lg font-bold">
            {t('pro_camera.title')}
          </h2>
          <p className="text-sm text-muted-foreground">{t('pro_camera.body')}</p>
        </div>
      </div>
      <div className="mt-4 space-y-3">
        {status.isPending ? (
          <Skeleton className="h-10" />
        ) : issued ? (
          <>
            <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900" role="status">
              {t('pro_camera.shown_once')}
            </p>
            <CopyRow label={t('pro_camera.server_label')} value={issued.whipUrl} />
            <CopyRow label={t('pro_camera.key_label')} value={issued.key} />
          </>
        ) : (
          <p className="text-sm">{status.data?.createdAt ? t('pro_camera.created', { date: formatDate(status.data.createdAt) }) : t('pro_camera.no_key')}</p>
        )}
        {newKey.isError && (
          <p className="text-sm text-destructive" role="alert">
            {t('pro_camera.failed')}
          </p>
        )}
        <Button type="button" variant={status.data?.createdAt || issued ? 'outline' : 'default'} disabled={newKey.isPending} onClick={() => newKey.mutate()}>
          {status.data?.createdAt || issued ? t('pro_camera.rotate') : t('pro_camera.create')}
        </Button>
      </div>
    </Card>
  );
}
