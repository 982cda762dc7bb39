import { Ban, Loader2, ShieldMinus, ShieldPlus, Timer, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TIMEOUT_MINUTES } from '@live-market/contract/constants';
import type { ChatRole } from '@live-market/contract/moderation';
import type { ChatMessage } from '@live-market/contract/streams';
import { Button } from '@/components/ui/button';
import { Sheet } from '@/components/ui/sheet';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { useBanUser } from '../api/ban-user';
import { useDeleteMessage } from '../api/delete-message';
import { useModerators } from '../api/get-moderators';
import { useInviteModerator } from '../api/invite-moderator';
import { useRemoveModerator } from '../api/remove-moderator';
import { chatActions } from '../utils/chat-actions';
import { toastFailure } from '../utils/notify';
import { ACTION_ROW, ACTION_ROW_OUTLINE } from './action-row';
// This entry's English texts (before any of them is rendered).
import '../i18n';

export type MessageMenuProps = {
  message: ChatMessage;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  streamId: string;
  sellerId: string;
  ownerId: string;
  userId: string;
  role: ChatRole;
};

function ActionButton({ icon, children, onClick, disabled, destructive }: { icon: ReactNode; children: ReactNode; onClick: () => void; disabled: boolean; destructive?: boolean }) {
  return (
    <button
      type="button"
      className={cn(ACTION_ROW, destructive ? 'bg-destructive text-destructive-foreground hover:brightness-110' : ACTION_ROW_OUTLINE)}
      onClick={onClick}
      disabled={disabled}
    >
      {icon}
      {children}
    </button>
  );
}

/**
 * Issue 12: the sheet a chat line opens for the owner and moderators: delete it, time its author out
 * (1, 5, 10 or 60 minutes) or ban them from the store; the owner also invites them to moderate (or
 * removes a moderator). (A viewer's tap opens ReportSheet.) The line's name and text are shown as text, never as markup.
 */
export function MessageMenu({ message, open, onOpenChange, streamId, sellerId, ownerId, userId, role }: MessageMenuProps) {
  const { t } = useTranslation();
  const moderators = useModerators(sellerId, { enabled: open });
  const moderatorIds = moderators.data ? new Set(moderators.data.map((m) => m.userId)) : null;
  // The moderators list decides between Invite and Remove moderator, and whether a moderator may act at all.
  const ready = moderators.data !== undefined || moderators.isError;
  const actions = chatActions({ role, userId, ownerId, authorId: message.userId, moderatorIds });
  const name = message.displayName;
  const close = () => onOpenChange(false);
  const failed = (error: Error) => toastFailure(error, t('moderation.action_failed'));

  const remove = useDeleteMessage({
    onSuccess: () => {
      toast({ title: t('moderation.deleted') });
      close();
    },
    onError: failed,
  });
  const ban = useBanUser({
    onSuccess: (_, { minutes }) => {
      toast({ title: minutes ? t('moderation.timed_out', { name, minutes }) : t('moderation.banned', { name }) });
      close();
    },
    onError: failed,
  });
  const appoint = useInviteModerator({
    onSuccess: () => {
      toast({ title: t('moderation.invite_sent_name', { name }) });
      close();
    },
    onError: failed,
  });
  const dismiss = useRemoveModerator({
    onSuccess: () => {
      toast({ title: t('moderation.moderator_removed', { name }) });
      close();
    },
    onError: failed,
  });
  const busy = remove.isPending || ban.isPending || appoint.isPending || dismiss.isPending;
  const spinner = <Loader2 className="animate-spin" aria-hidden="true" />;

  return (
    <Sheet
      open={open}
      onOpenChange={onOpenChange}
      title={name}
      description={message.message}
      footer={
        <Button variant="ghost" className="w-full" onClick={close}>
          {t('moderation.cancel')}
        </Button>
      }
    >
      {!ready ? (
        <div className="space-y-2" aria-busy="true" aria-label={t('common.loading')}>
          <Skeleton className="h-12" />
          <Skeleton className="h-12" />
        </div>
      ) : actions.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('moderation.fellow_moderator', { name })}</p>
      ) : (
        <div className="space-y-2">
          {actions.includes('delete') ? (
            <ActionButton icon={remove.isPending ? spinner : <Trash2 aria-hidden="true" />} onClick={() => remove.mutate({ messageId: message.id, streamId })} disabled={busy}>
              {t('moderation.delete_message')}
            </ActionButton>
          ) : null}
          {actions.includes('timeout') ? (
            <fieldset className="rounded-2xl border p-3">
              <legend className="flex items-center gap-2 px-1 text-sm font-semibold">
                <Timer className="size-4 text-muted-foreground" aria-hidden="true" />
                {t('moderation.timeout')}
              </legend>
              <div className="grid grid-cols-4 gap-2">
                {TIMEOUT_MINUTES.map((minutes) => (
                  <button
                    key={minutes}
                    type="button"
                    aria-label={t('moderation.timeout_for', { minutes })}
                    onClick={() => ban.mutate({ sellerId, body: { userId: message.userId, minutes } })}
                    disabled={busy}
                    className="flex min-h-11 items-center justify-center rounded-xl bg-secondary px-1 text-center text-sm leading-tight font-semibold whitespace-nowrap text-secondary-foreground transition hover:bg-brand-100 active:scale-95 disabled:opacity-50"
                  >
                    {t('moderation.minutes_short', { minutes })}
                  </button>
                ))}
              </div>
            </fieldset>
          ) : null}
          {actions.includes('invite_moderator') ? (
            <ActionButton icon={appoint.isPending ? spinner : <ShieldPlus aria-hidden="true" />} onClick={() => appoint.mutate({ sellerId, body: { userId: message.userId } })} disabled={busy}>
              {t('moderation.invite_moderator')}
            </ActionButton>
          ) : null}
          {actions.includes('remove_moderator') ? (
            <ActionButton icon={dismiss.isPending ? spinner : <ShieldMinus aria-hidden="true" />} onClick={() => dismiss.mutate({ sellerId, userId: message.userId })} disabled={busy}>
              {t('moderation.remove_moderator')}
            </ActionButton>
          ) : null}
          {actions.includes('ban') ? (
            <ActionButton destructive icon={ban.isPending && ban.variables?.body.minutes === undefined ? spinner : <Ban aria-hidden="true" />} onClick={() => ban.mutate({ sellerId, body: { userId: message.userId } })} disabled={busy}>
              {t('moderation.ban')}
            </ActionButton>
          ) : null}
        </div>
      )}
    </Sheet>
  );
}
