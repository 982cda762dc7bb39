import '../analytics-i18n';
import { Clock, Lightbulb, Vote } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Order } from '@live-market/contract/orders';
import type { LiveStream } from '@live-market/contract/streams';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs } from '@/components/ui/tabs';
import { ANALYTICS_PERIODS, DEFAULT_ANALYTICS_PERIOD, PERIOD_DAYS, summarize, type AnalyticsPeriod } from '../utils/analytics';
import { AnalyticsFigures } from './analytics-figures';

type SellerAnalyticsProps = {
  /** GET /api/streams/seller/{userId} and GET /api/orders/seller/{userId}; undefined while loading. */
  streams: LiveStream[] | undefined;
  orders: Order[] | undefined;
  failed: boolean;
  onRetry: () => void;
  /** The moment the periods end (tests pin it); defaults to when the page opened. */
  now?: number;
};

function Tips() {
  const { t } = useTranslation();
  return (
    <Card className="p-5">
      <h2 className="flex items-center gap-2 text-lg font-bold">
        <Lightbulb className="size-5 text-amber-500" aria-hidden="true" />
        {t('analytics.tips_title')}
      </h2>
      <ul className="mt-3 space-y-3 text-sm">
        <li className="flex gap-3">
          <Clock className="size-5 shrink-0 text-primary" aria-hidden="true" />
          {t('analytics.tip_time')}
        </li>
        <li className="flex gap-3">
          <Vote className="size-5 shrink-0 text-primary" aria-hidden="true" />
          {t('analytics.tip_polls')}
        </li>
      </ul>
    </Card>
  );
}

/** /seller/analytics: a Week / Month / Year toggle (default Month) that filters every figure to the last 7 / 30 / 365 days. */
export function SellerAnalytics({ streams, orders, failed, onRetry, now: fixedNow }: SellerAnalyticsProps) {
  const { t } = useTranslation();
  const [period, setPeriod] = useState<AnalyticsPeriod>(DEFAULT_ANALYTICS_PERIOD);
  const [openedAt] = useState(() => Date.now());
  const now = fixedNow ?? openedAt;
  const summary = useMemo(() => (streams && orders ? summarize(streams, orders, period, now) : null), [streams, orders, period, now]);

  const body = failed ? (
    <Card className="space-y-3 p-5 text-sm">
      <p role="alert" className="text-muted-foreground">
        {t('analytics.load_error')}
      </p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        {t('analytics.try_again')}
      </Button>
    </Card>
  ) : summary ? (
    <AnalyticsFigures summary={summary} />
  ) : (
    <div className="grid grid-cols-2 gap-3" aria-busy="true">
      {[0, 1, 2, 3].map((i) => (
        <Skeleton key={i} className="h-20 rounded-[var(--radius-card)]" />
      ))}
      <Skeleton className="col-span-2 h-40 rounded-[var(--radius-card)]" />
    </div>
  );

  return (
    <div className="space-y-4">
      <Tabs
        label={t('analytics.period_label')}
        value={period}
        onValueChange={setPeriod}
        panelClassName="pt-3 space-y-4"
        items={ANALYTICS_PERIODS.map((key) => ({
          key,
          label: t(`analytics.period_${key}`),
          content: (
            <>
              <p className="text-sm font-medium text-muted-foreground">{t('analytics.last_days', { days: PERIOD_DAYS[key] })}</p>
              {body}
            </>
          ),
        }))}
      />
      <Tips />
    </div>
  );
}
