import { Flag, Loader2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { ChatMessage } from '@live-market/contract/streams';
import { Button } from '@/components/ui/button';
import { Sheet } from '@/components/ui/sheet';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { useReportMessage } from '../api/report-message';
import { toastFailure } from '../utils/notify';
import { ACTION_ROW, ACTION_ROW_OUTLINE } from './action-row';
// This entry's English texts (before any of them is rendered).
import '../i18n';

export type ReportSheetProps = { message: ChatMessage; open: boolean; onOpenChange: (open: boolean) => void };

/**
 * Issue 12: what a viewer's tap on someone else's chat line opens: Report, confirmed with 'Reported'.
 * Its own small chunk (no zod, no moderation tools), as every viewer may open it.
 */
export function ReportSheet({ message, open, onOpenChange }: ReportSheetProps) {
  const { t } = useTranslation();
  const report = useReportMessage({
    onSuccess: () => {
      toast({ title: t('moderation.reported'), description: t('moderation.reported_body') });
      onOpenChange(false);
    },
    onError: (error) => toastFailure(error, t('moderation.action_failed')),
  });
  return (
    <Sheet
      open={open}
      onOpenChange={onOpenChange}
      title={message.displayName}
      description={message.message}
      footer={
        <Button variant="ghost" className="w-full" onClick={() => onOpenChange(false)}>
          {t('moderation.cancel')}
        </Button>
      }
    >
      <button
        type="button"
        className={cn(ACTION_ROW, ACTION_ROW_OUTLINE)}
        disabled={report.isPending}
        onClick={() => report.mutate({ messageId: message.id })}
      >
        {report.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Flag aria-hidden="true" />}
        {t('moderation.report')}
      </button>
    </Sheet>
  );
}
