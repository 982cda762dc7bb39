import { ShieldCheck } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useReportedMessages } from '../api/get-reported-messages';
import { useReportsRealtime } from '../hooks/use-reports-realtime';
import type { ChatToolsProps, ChatToolsTab } from './chat-tools-types';
// This entry's English texts (before any of them is rendered).
import '../i18n';

// The sheet (vaul, the settings and the reports list) loads on the first tap.
const ChatToolsSheet = lazy(() => import('./chat-tools-sheet').then((m) => ({ default: m.ChatToolsSheet })));

/**
 * Issue 12: the owner's and moderators' chat tools on the stream page, a button beside the chat input
 * (so the chat keeps its height on a phone) with the number of reported lines. It opens a sheet with
 * the reported messages and the chat settings.
 */
export function ChatTools(props: ChatToolsProps) {
  const { t } = useTranslation();
  const reports = useReportedMessages(props.streamId);
  useReportsRealtime(props.streamId);
  const [sheet, setSheet] = useState<{ open: boolean; tab: ChatToolsTab } | null>(null);
  const count = reports.data?.length ?? 0;
  const label = count > 0 ? `${t('moderation.tools')} · ${t('moderation.reports_count', { count })}` : t('moderation.tools');

  return (
    <>
      <button
        type="button"
        aria-haspopup="dialog"
        aria-label={label}
        title={label}
        onClick={() => setSheet({ open: true, tab: count > 0 ? 'reports' : 'settings' })}
        className="relative inline-flex size-11 shrink-0 items-center justify-center rounded-full border border-input bg-card text-primary shadow-xs transition active:scale-95"
      >
        <ShieldCheck className="size-5" aria-hidden="true" />
        {count > 0 ? (
          <span aria-hidden="true" className="absolute -top-1 -right-1 flex h-5 min-w-5 items-center justify-center rounded-full bg-destructive px-1 text-[11px] leading-none font-bold text-white">
            {count > 99 ? '99+' : count}
          </span>
        ) : null}
      </button>
      {sheet ? (
        <Suspense fallback={null}>
          <ChatToolsSheet {...props} open={sheet.open} tab={sheet.tab} onTabChange={(tab) => setSheet({ ...sheet, tab })} onOpenChange={(open) => setSheet({ ...sheet, open })} />
        </Suspense>
      ) : null}
    </>
  );
}
