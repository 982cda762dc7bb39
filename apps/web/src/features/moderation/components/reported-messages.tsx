import { Ban, Flag, Loader2, ShieldCheck, Timer, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { ReportedMessage } from '@live-market/contract/moderation';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { timeAgo } from '@/lib/time-ago';
import { cn } from '@/lib/utils';
import { toast } from '@/lib/toast';
import { useBanUser } from '../api/ban-user';
import { useDeleteMessage } from '../api/delete-message';
import { useModerators } from '../api/get-moderators';
import { useReportedMessages } from '../api/get-reported-messages';
import { chatActions } from '../utils/chat-actions';
import { toastFailure } from '../utils/notify';
import type { ChatToolsProps } from './chat-tools-types';

/** A report's one-tap actions: three tiles to a row, the icon above its label so a long label has the tile's width. */
const ROW_ACTION =
  'flex min-h-14 flex-col items-center justify-center gap-1 rounded-xl px-1.5 py-1.5 text-center text-sm leading-tight font-semibold transition active:scale-[0.98] disabled:pointer-events-none disabled:opacity-50 [&_svg]:size-4 [&_svg]:shrink-0';
const OUTLINE = 'border border-input bg-card text-foreground hover:bg-muted';

/** The reports panel's one-tap timeout. */
export const REPORT_TIMEOUT_MINUTES = 10;

/**
 * Issue 12: the stream's reported lines, most reported first, each with one-tap Delete, a 10-minute
 * Timeout and Ban. It refreshes on chat_reports_update (ChatTools listens).
 */
export function ReportedMessages({ streamId, sellerId, ownerId, userId, role }: ChatToolsProps) {
  const { t, i18n } = useTranslation();
  const { data: reports, isLoading, isError, refetch } = useReportedMessages(streamId);
  const moderators = useModerators(sellerId);
  const moderatorIds = moderators.data ? new Set(moderators.data.map((m) => m.userId)) : null;
  const failed = (error: Error) => toastFailure(error, t('moderation.action_failed'));
  const remove = useDeleteMessage({ onSuccess: () => toast({ title: t('moderation.deleted') }), onError: failed });
  const ban = useBanUser({
    onSuccess: (result, { minutes }) =>
      toast({ title: minutes ? t('moderation.timed_out', { name: result.displayName, minutes }) : t('moderation.banned', { name: result.displayName }) }),
    onError: failed,
  });

  if (isLoading) {
    return (
      <div className="space-y-3" aria-busy="true" aria-label={t('common.loading')}>
        <Skeleton className="h-24" />
        <Skeleton className="h-24" />
      </div>
    );
  }
  if (isError) {
    return (
      <div className="space-y-3 text-sm text-muted-foreground">
        <p role="alert">{t('moderation.reports_error')}</p>
        <Button variant="outline" onClick={() => void refetch()}>
          {t('moderation.retry')}
        </Button>
      </div>
    );
  }
  if (!reports || reports.length === 0) {
    return (
      <div className="flex flex-col items-center gap-2 rounded-2xl bg-muted/50 p-6 text-center">
        <ShieldCheck className="size-8 text-primary" aria-hidden="true" />
        <p className="font-semibold">{t('moderation.reports_empty')}</p>
        <p className="text-sm text-muted-foreground">{t('moderation.reports_empty_body')}</p>
      </div>
    );
  }

  const busyWith = (report: ReportedMessage) =>
    (remove.isPending && remove.variables?.messageId === report.messageId) || (ban.isPending && ban.variables?.body.userId === report.userId);

  return (
    <ul className="divide-y" aria-label={t('moderation.tab_reports')}>
      {reports.map((report) => {
        const actions = chatActions({ role, userId, ownerId, authorId: report.userId, moderatorIds });
        const busy = busyWith(report);
        return (
          <li key={report.messageId} className="space-y-2 py-3 first:pt-0">
            <div className="flex items-start gap-3">
              <p className="min-w-0 flex-1 text-sm break-words">
                <span className="font-semibold text-primary">{report.displayName}</span> <span>{report.message}</span>
              </p>
              <span
                className="inline-flex shrink-0 items-center gap-1 rounded-full bg-destructive/10 px-2 py-0.5 text-xs font-semibold text-destructive"
                title={t('moderation.report_times', { count: report.reports })}
              >
                <Flag className="size-3" aria-hidden="true" />
                <span className="sr-only">{t('moderation.report_times', { count: report.reports })}</span>
                <span aria-hidden="true">{report.reports}</span>
              </span>
            </div>
            <p className="text-xs text-muted-foreground">{timeAgo(report.createdAt, i18n.language) ?? t('moderation.just_now')}</p>
            <div className="grid grid-cols-3 gap-2">
              {actions.includes('delete') ? (
                <button type="button" className={cn(ROW_ACTION, OUTLINE)} disabled={busy} onClick={() => remove.mutate({ messageId: report.messageId, streamId })}>
                  {busy && remove.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Trash2 aria-hidden="true" />}
                  {t('moderation.delete_short')}
                </button>
              ) : null}
              {actions.includes('timeout') ? (
                <button
                  type="button"
                  className={cn(ROW_ACTION, OUTLINE)}
                  disabled={busy}
                  onClick={() => ban.mutate({ sellerId, body: { userId: report.userId, minutes: REPORT_TIMEOUT_MINUTES } })}
                >
                  <Timer aria-hidden="true" />
                  {t('moderation.timeout_for', { minutes: REPORT_TIMEOUT_MINUTES })}
                </button>
              ) : null}
              {actions.includes('ban') ? (
                <button
                  type="button"
                  className={cn(ROW_ACTION, 'bg-destructive text-destructive-foreground hover:brightness-110')}
                  disabled={busy}
                  onClick={() => ban.mutate({ sellerId, body: { userId: report.userId } })}
                >
                  <Ban aria-hidden="true" />
                  {t('moderation.ban_short')}
                </button>
              ) : null}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
