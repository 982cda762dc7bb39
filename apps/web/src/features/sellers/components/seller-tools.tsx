import 'virtual:english-load/dashboard';
import { BarChart3, ChevronRight, IndianRupee, ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Card } from '@/components/ui/card';

function ToolLink({ href, icon, title, body }: { href: string; icon: ReactNode; title: string; body: string }) {
  return (
    <Link href={href} className="flex items-center gap-3 p-4 hover:bg-muted/60">
      <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-secondary text-primary [&_svg]:size-5">{icon}</span>
      <span className="min-w-0 flex-1">
        <span className="block font-semibold">{title}</span>
        <span className="block text-sm text-muted-foreground">{body}</span>
      </span>
      <ChevronRight className="size-5 text-muted-foreground" aria-hidden="true" />
    </Link>
  );
}

/** Links from the dashboard to /seller/money (issue 26), /seller/analytics and /seller/verification. */
export function SellerTools() {
  const { t } = useTranslation();
  return (
    <Card className="divide-y overflow-hidden">
      <ToolLink href="/seller/money" icon={<IndianRupee aria-hidden="true" />} title={t('dashboard.money_link')} body={t('dashboard.money_link_body')} />
      <ToolLink href="/seller/analytics" icon={<BarChart3 aria-hidden="true" />} title={t('dashboard.analytics_link')} body={t('dashboard.analytics_link_body')} />
      <ToolLink href="/seller/verification" icon={<ShieldCheck aria-hidden="true" />} title={t('dashboard.verification_link')} body={t('dashboard.verification_link_body')} />
    </Card>
  );
}
