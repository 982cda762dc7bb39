import { Ban, ListX, ShieldMinus, ShieldPlus, SlidersHorizontal, Timer, Trash2, Undo2 } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ModerationAction, ModerationLogEntry } from '@live-market/contract/moderation';
import { Button } from '@/components/ui/button';
import { timeAgo } from '@/lib/time-ago';
import { useModerationLog } from '../api/get-moderation-log';
import { settingsFromDetail } from '../utils/log-entry';
import { SectionState } from './section-state';

/** How many entries show at first, and how many more each 'Show more' adds. */
export const LOG_PAGE_SIZE = 10;

const ICONS: Record<ModerationAction, ReactNode> = {
  moderator_added: <ShieldPlus aria-hidden="true" />,
  moderator_removed: <ShieldMinus aria-hidden="true" />,
  message_deleted: <Trash2 aria-hidden="true" />,
  timeout: <Timer aria-hidden="true" />,
  ban: <Ban aria-hidden="true" />,
  unban: <Undo2 aria-hidden="true" />,
  chat_settings: <SlidersHorizontal aria-hidden="true" />,
  keywords: <ListX aria-hidden="true" />,
};

/** One entry in words: who did what to whom, and what it was about (the deleted text, the new settings). */
function useDescribe() {
  const { t } = useTranslation();
  return (entry: ModerationLogEntry): { text: string; detail: string | null; quote: boolean } => {
    const actor = entry.actorName;
    const target = entry.targetName ?? t('moderation.someone');
    switch (entry.action) {
      case 'moderator_added':
        return { text: t('moderation.log_moderator_added', { actor, target }), detail: null, quote: false };
      case 'moderator_removed':
        return { text: t('moderation.log_moderator_removed', { actor, target }), detail: null, quote: false };
      case 'message_deleted':
        return { text: t('moderation.log_message_deleted', { actor, target }), detail: entry.detail, quote: true };
      case 'timeout':
        return { text: t('moderation.log_timeout', { actor, target, minutes: entry.detail ?? '' }), detail: null, quote: false };
      case 'ban':
        return { text: t('moderation.log_ban', { actor, target }), detail: null, quote: false };
      case 'unban':
        return { text: t('moderation.log_unban', { actor, target }), detail: null, quote: false };
      case 'chat_settings': {
        const settings = settingsFromDetail(entry.detail);
        const summary = settings
          ? [
              settings.slowModeSeconds > 0 ? t('stream.chat_slow_mode_hint', { seconds: settings.slowModeSeconds }) : t('moderation.slow_mode_off'),
              settings.followersOnly ? t('moderation.followers_only') : null,
              settings.linksAllowed ? t('moderation.links_on') : null,
            ]
              .filter((part) => part !== null)
              .join(' · ')
          : null;
        return { text: t('moderation.log_chat_settings', { actor }), detail: summary, quote: false };
      }
      case 'keywords':
        return { text: t('moderation.log_keywords', { actor, count: entry.detail ?? '' }), detail: null, quote: false };
    }
  };
}

/** Issue 12: the store's moderation log, newest first: who, on whom, what and when. */
export function ModerationLog({ sellerId }: { sellerId: string }) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const { data: entries, isLoading, refetch } = useModerationLog(sellerId);
  const [shown, setShown] = useState(LOG_PAGE_SIZE);
  const describe = useDescribe();

  return (
    <section aria-labelledby={titleId}>
      <h3 id={titleId} className="font-bold">
        {t('moderation.log_title')}
      </h3>
      {entries ? (
        entries.length === 0 ? (
          <p className="mt-1 text-sm text-muted-foreground">{t('moderation.log_empty')}</p>
        ) : (
          <>
            <ol className="mt-2 divide-y" aria-label={t('moderation.log_title')}>
              {entries.slice(0, shown).map((entry) => {
                const { text, detail, quote } = describe(entry);
                return (
                  <li key={entry.id} className="flex gap-3 py-2.5">
                    <span className="mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-full bg-secondary text-primary [&_svg]:size-4">{ICONS[entry.action]}</span>
                    <div className="min-w-0 flex-1 space-y-0.5">
                      <p className="text-sm break-words">{text}</p>
                      {detail ? <p className="text-sm break-words text-muted-foreground">{quote ? `“${detail}”` : detail}</p> : null}
                      <p className="text-xs text-muted-foreground">{timeAgo(entry.createdAt, i18n.language) ?? t('moderation.just_now')}</p>
                    </div>
                  </li>
                );
              })}
            </ol>
            {entries.length > shown ? (
              <Button variant="outline" className="mt-2 w-full" onClick={() => setShown((n) => n + LOG_PAGE_SIZE)}>
                {t('moderation.log_more')}
              </Button>
            ) : null}
          </>
        )
      ) : (
        <SectionState isLoading={isLoading} onRetry={() => void refetch()} />
      )}
    </section>
  );
}
