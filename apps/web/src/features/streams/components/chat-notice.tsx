import { useQueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChatRole, ChatSettings } from '@live-market/contract/moderation';
import { cn } from '@/lib/utils';
import { clearChatRefusal, type ChatRefusal } from '../hooks/use-chat-refusal';
import { useSecondsLeft } from '../hooks/use-seconds-left';

/** "42 s" under a minute; "59:12" for a long timeout. */
function useWaitText(seconds: number): string {
  const { t } = useTranslation();
  if (seconds < 60) return t('stream.seconds_short', { seconds });
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

export type ChatNoticeProps = {
  streamId: string;
  refusal: ChatRefusal | null;
  storeName: string;
  role: ChatRole;
  settings: ChatSettings;
  /** The Follow button, offered when only followers may chat. */
  follow?: ReactNode;
};

/**
 * Above the chat input (issue 12): why the last line was refused, in the user's language by its code,
 * with a live countdown for slow mode and a timeout (the composer holds Send until this clears the
 * refusal at 0); otherwise, for viewers, that slow mode or followers-only is on.
 */
export function ChatNotice({ streamId, refusal, storeName, role, settings, follow }: ChatNoticeProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const left = useSecondsLeft(refusal?.until ?? null);
  const wait = useWaitText(left);
  const over = refusal !== null && refusal.until !== null && left === 0;

  useEffect(() => {
    // The wait is over: this refusal goes (a newer one, with its own id, stays).
    if (over) clearChatRefusal(queryClient, streamId, (current) => current.id === refusal.id);
  }, [over, queryClient, streamId, refusal]);

  if (refusal && !over) {
    return (
      <div role="status" data-testid="chat-refusal" className="flex items-center gap-2">
        <p className={cn('min-w-0 flex-1 text-xs leading-snug font-medium', refusal.code === 'banned' ? 'text-destructive' : 'text-amber-700')}>
          {t(`stream.chat_refusal.${refusal.code}`, { time: wait, store: storeName })}
        </p>
        {refusal.code === 'followers_only' ? follow : null}
      </div>
    );
  }
  if (role !== 'viewer') return null;
  const hints = [
    settings.slowModeSeconds > 0 ? t('stream.chat_slow_mode_hint', { seconds: settings.slowModeSeconds }) : null,
    settings.followersOnly ? t('stream.chat_followers_only_hint') : null,
  ].filter((hint) => hint !== null);
  return hints.length > 0 ? <p className="text-xs text-muted-foreground">{hints.join(' · ')}</p> : null;
}
