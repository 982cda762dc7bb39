import '../i18n';
import { BadgeCheck, Flag, LifeBuoy, Radio, ReceiptIndianRupee, ScrollText, Undo2, Users } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminOverview } from '@live-market/contract/admin';
import { LoadError } from '@/components/page-state';
import { Skeleton } from '@/components/ui/skeleton';
import { parseApiError } from '@/lib/api-client';
import { useRedirectOnUnauthorized } from '@/lib/session';
import { useAdminOverview } from '../api/overview';
import { AuditLog } from './audit-log';
import { OperatorsOnly } from './operators-only';
import { PeopleSearch } from './people-search';
import { RefundApprovals } from './refund-approvals';
import { RefundLookup } from './refund-lookup';
import { ReportQueue } from './report-queue';
import { ReturnQueue } from './return-queue';
import { SectionNav, type SectionItem } from './section-nav';
import { StreamList } from './stream-list';
import { TicketQueue } from './ticket-queue';
import { VerificationQueue } from './verification-queue';

export const ADMIN_SECTIONS = ['verifications', 'reports', 'returns', 'tickets', 'streams', 'people', 'refunds', 'audit'] as const;
export type AdminSection = (typeof ADMIN_SECTIONS)[number];

/** Which overview count each tab shows (People and the audit log are not queues). */
const COUNT: Partial<Record<AdminSection, keyof AdminOverview>> = {
  verifications: 'verifications',
  reports: 'reports',
  returns: 'returns',
  tickets: 'tickets',
  streams: 'liveStreams',
  refunds: 'refundApprovals',
};

const ICON: Record<AdminSection, ReactNode> = {
  verifications: <BadgeCheck aria-hidden="true" />,
  reports: <Flag aria-hidden="true" />,
  returns: <Undo2 aria-hidden="true" />,
  tickets: <LifeBuoy aria-hidden="true" />,
  streams: <Radio aria-hidden="true" />,
  people: <Users aria-hidden="true" />,
  refunds: <ReceiptIndianRupee aria-hidden="true" />,
  audit: <ScrollText aria-hidden="true" />,
};

function SectionPanel({ section }: { section: AdminSection }) {
  switch (section) {
    case 'verifications':
      return <VerificationQueue />;
    case 'reports':
      return <ReportQueue />;
    case 'returns':
      return <ReturnQueue />;
    case 'tickets':
      return <TicketQueue />;
    case 'streams':
      return <StreamList />;
    case 'people':
      return <PeopleSearch />;
    case 'refunds':
      return (
        <div className="space-y-6">
          <RefundLookup />
          <RefundApprovals />
        </div>
      );
    case 'audit':
      return <AuditLog />;
  }
}

/** A deep link may name the section (/admin?section=tickets). */
function initialSection(): AdminSection {
  const asked = new URLSearchParams(window.location.search).get('section');
  return (ADMIN_SECTIONS as readonly string[]).includes(asked ?? '') ? (asked as AdminSection) : 'verifications';
}

/**
 * The operator console (issue 28, item 5): the queues with their lengths, and the actions on people,
 * shows and money. Whether the visitor may see it is the server's answer to GET /api/admin/overview:
 * a 403 shows the operators-only page; the queues are asked for only after it answered.
 */
export function AdminConsole() {
  const { t } = useTranslation();
  const panelId = useId();
  const overview = useAdminOverview();
  const [section, setSection] = useState<AdminSection>(initialSection);
  useRedirectOnUnauthorized(overview.error);
  if (overview.isPending) {
    return (
      <div className="space-y-4" aria-busy="true">
        <Skeleton className="h-11 rounded-full" />
        <Skeleton className="h-40 rounded-2xl" />
      </div>
    );
  }
  if (overview.isError) {
    if (parseApiError(overview.error).status === 403) return <OperatorsOnly />;
    return <LoadError message={t('admin.load_error')} retryLabel={t('admin.retry')} onRetry={() => void overview.refetch()} retrying={overview.isFetching} />;
  }
  const counts = overview.data;
  const items: SectionItem<AdminSection>[] = ADMIN_SECTIONS.map((key) => {
    const countKey = COUNT[key];
    return { key, label: t(`admin.sections.${key}`), icon: ICON[key], count: countKey ? counts[countKey] : undefined };
  });
  return (
    <div className="space-y-4">
      <SectionNav label={t('admin.sections_label')} items={items} value={section} onValueChange={setSection} panelId={panelId} />
      <div role="tabpanel" id={panelId} aria-labelledby={`${panelId}-tab-${section}`}>
        <SectionPanel section={section} />
      </div>
    </div>
  );
}
