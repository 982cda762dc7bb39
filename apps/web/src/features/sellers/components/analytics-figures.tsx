import '../analytics-i18n';
import { Eye, History, IndianRupee, Percent, ShoppingBag } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Card } from '@/components/ui/card';
import { formatCount, formatRupees } from '@/lib/format';
import { formatDate } from '@/lib/format-date';
import type { AnalyticsSummary } from '../utils/analytics';

function Figure({ icon, label, value }: { icon: ReactNode; label: string; value: string }) {
  return (
    <Card className="flex flex-col gap-1 p-4">
      <span className="flex items-center gap-1.5 text-xs font-medium text-muted-foreground [&_svg]:size-4 [&_svg]:text-primary">
        {icon}
        {label}
      </span>
      <span className="text-xl font-bold tabular-nums break-all">{value}</span>
    </Card>
  );
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex items-center justify-between gap-3 py-2.5">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="font-semibold tabular-nums">{value}</dd>
    </div>
  );
}

/** Every figure for the chosen period: the four cards, Stream Performance and Top Performing Streams. */
export function AnalyticsFigures({ summary }: { summary: AnalyticsSummary }) {
  const { t } = useTranslation();
  return (
    <div className="space-y-4">
      <div className="grid grid-cols-2 gap-3">
        <Figure icon={<IndianRupee aria-hidden="true" />} label={t('analytics.total_revenue')} value={formatRupees(summary.revenue)} />
        <Figure icon={<ShoppingBag aria-hidden="true" />} label={t('analytics.total_orders')} value={formatCount(summary.orders)} />
        <Figure icon={<Eye aria-hidden="true" />} label={t('analytics.total_viewers')} value={formatCount(summary.viewers)} />
        <Figure icon={<Percent aria-hidden="true" />} label={t('analytics.conversion_rate')} value={t('analytics.percent', { value: summary.conversionRate })} />
      </div>

      <Card className="p-5">
        <h2 className="text-lg font-bold">{t('analytics.stream_performance')}</h2>
        <dl className="mt-2 divide-y">
          <Row label={t('analytics.total_streams')} value={formatCount(summary.streams)} />
          <Row label={t('analytics.average_duration')} value={t('analytics.minutes', { minutes: formatCount(summary.averageMinutes) })} />
          <Row label={t('analytics.average_viewers')} value={formatCount(summary.averageViewers)} />
          {summary.replayViews !== null ? <Row label={t('analytics.total_replay_views')} value={formatCount(summary.replayViews)} /> : null}
        </dl>
      </Card>

      <Card className="p-5">
        <h2 className="text-lg font-bold">{t('analytics.top_streams')}</h2>
        {summary.topStreams.length === 0 ? (
          <p className="mt-3 text-sm text-muted-foreground">{t('analytics.no_ended_streams')}</p>
        ) : (
          <ol className="mt-2 divide-y">
            {summary.topStreams.map((stream, index) => (
              <li key={stream.id} className="flex items-center gap-3 py-3">
                <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-secondary text-sm font-bold text-primary">{index + 1}</span>
                <div className="min-w-0 flex-1">
                  <p className="line-clamp-2 font-semibold leading-snug break-words">{stream.title}</p>
                  <p className="text-xs text-muted-foreground">{formatDate(stream.startedAt) ?? t('analytics.date_unknown')}</p>
                  {/* Issue 13: a recorded show links to its replay. */}
                  {stream.hasReplay ? (
                    <Link href={`/stream/${stream.id}`} className="mt-1 inline-flex min-h-8 items-center gap-1 text-sm font-semibold text-primary hover:underline">
                      <History className="size-4" aria-hidden="true" />
                      {t('analytics.watch_replay')}
                    </Link>
                  ) : null}
                </div>
                <span className="flex shrink-0 flex-col items-end gap-0.5 text-sm font-semibold tabular-nums">
                  <span className="flex items-center gap-1">
                    <Eye className="size-4 text-muted-foreground" aria-hidden="true" />
                    {t('analytics.viewers', { viewers: formatCount(stream.viewerCount) })}
                  </span>
                  {/* Issue 13: the replay's views beside the live viewers. */}
                  {stream.replayViews !== undefined ? (
                    <span className="flex items-center gap-1 text-xs font-medium text-muted-foreground">
                      <History className="size-3.5" aria-hidden="true" />
                      {t('analytics.replay_views', { views: formatCount(stream.replayViews) })}
                    </span>
                  ) : null}
                </span>
              </li>
            ))}
          </ol>
        )}
      </Card>
    </div>
  );
}
