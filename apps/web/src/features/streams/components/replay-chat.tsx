import { MessageCircle } from 'lucide-react';
import { useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReplayChatLine } from '@live-market/contract/shows';
import '../shows-i18n';
import { countUpTo } from '../utils/replay-timeline';

/** A replay's chat keeps the newest this many lines on screen: thousands of DOM rows would slow a cheap phone. */
const SHOWN_LINES = 150;

/**
 * The show's chat replayed in step with the video: the lines said up to the current moment, newest at
 * the bottom. Seeking back takes later lines away again; seeking forward brings them all.
 */
export function ReplayChat({ lines, seconds }: { lines: readonly ReplayChatLine[]; seconds: number }) {
  const { t } = useTranslation();
  const listRef = useRef<HTMLOListElement | null>(null);
  const count = countUpTo(lines, seconds);
  const shown = lines.slice(Math.max(0, count - SHOWN_LINES), count);

  useLayoutEffect(() => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [count]);

  return (
    <section aria-labelledby="replay-chat-heading" className="flex h-full min-h-0 flex-col gap-2">
      <h2 id="replay-chat-heading" className="flex items-center gap-1.5 px-1 text-sm font-bold">
        <MessageCircle className="size-4 text-primary" aria-hidden="true" />
        {t('shows.chat_replay')}
      </h2>
      <ol
        ref={listRef}
        aria-label={t('shows.chat_replay')}
        className="min-h-0 flex-1 space-y-2 overflow-y-auto overscroll-contain rounded-xl bg-muted/50 p-3 text-sm"
      >
        {shown.map(({ message }) => (
          <li key={message.id} data-message-id={message.id} className="break-words">
            <span className="font-semibold text-primary">{message.displayName}</span> <span>{message.message}</span>
          </li>
        ))}
        {count === 0 ? <li className="py-6 text-center text-muted-foreground">{lines.length === 0 ? t('shows.chat_replay_none') : t('shows.chat_replay_waiting')}</li> : null}
      </ol>
    </section>
  );
}
