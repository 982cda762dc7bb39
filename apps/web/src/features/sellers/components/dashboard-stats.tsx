import 'virtual:english-load/dashboard';
import { IndianRupee, Package, Radio, ShoppingBag, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { SellerDashboard } from '@live-market/contract/sellers';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { formatCount, formatRupees } from '@/lib/format';
import { cn } from '@/lib/utils';

function Stat({ icon, label, value, className }: { icon: ReactNode; label: string; value: string | null; className?: string }) {
  return (
    <Card className={cn('flex flex-col gap-1 p-4', className)}>
      <span className="flex items-center gap-1.5 text-xs font-medium text-muted-foreground [&_svg]:size-4 [&_svg]:text-primary">
        {icon}
        {label}
      </span>
      {value === null ? <Skeleton className="h-7 w-20" /> : <span className="text-xl font-bold tabular-nums break-all">{value}</span>}
    </Card>
  );
}

type DashboardStatsProps = { dashboard: SellerDashboard | undefined; failed?: boolean; onRetry?: () => void };

/** The dashboard figures: followers, total sales (₹), active products, and the live stream's sales and orders. */
export function DashboardStats({ dashboard, failed, onRetry }: DashboardStatsProps) {
  const { t } = useTranslation();
  const d = dashboard;
  if (failed && !d) {
    return (
      <Card className="flex items-center justify-between gap-3 p-4 text-sm">
        <p role="alert" className="text-muted-foreground">
          {t('dashboard.stats_error')}
        </p>
        <Button variant="outline" size="sm" onClick={onRetry}>
          {t('dashboard.try_again')}
        </Button>
      </Card>
    );
  }
  // While a stream is live its figures are highlighted.
  const live = d?.liveStreamId ? 'border-live/40 bg-rose-50' : undefined;
  return (
    <section aria-label={t('dashboard.stats_label')} className="grid grid-cols-2 gap-3">
      <Stat icon={<Users aria-hidden="true" />} label={t('dashboard.followers')} value={d ? formatCount(d.followersCount) : null} />
      <Stat icon={<Package aria-hidden="true" />} label={t('dashboard.active_products')} value={d ? formatCount(d.activeProducts) : null} />
      <Stat icon={<IndianRupee aria-hidden="true" />} label={t('dashboard.total_sales')} value={d ? formatRupees(d.totalSales) : null} className="col-span-2" />
      <Stat icon={<Radio aria-hidden="true" />} label={t('dashboard.live_sales')} value={d ? formatRupees(d.liveSales) : null} className={live} />
      <Stat icon={<ShoppingBag aria-hidden="true" />} label={t('dashboard.live_orders')} value={d ? formatCount(d.liveOrders) : null} className={live} />
    </section>
  );
}
