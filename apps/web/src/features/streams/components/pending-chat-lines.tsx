import { CircleAlert, Clock3, RotateCcw, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { chatOutbox, type PendingChatLine } from '../hooks/chat-outbox';

/**
 * One's own chat lines the server has not answered yet (issue 25), at the foot of the chat: "Sending…"
 * while they wait for the connection, "Not sent" with Retry when they could not go. Each becomes the
 * real line when the server's echo arrives, so nobody types a line twice.
 */
export function PendingChatLines({ streamId, lines }: { streamId: string; lines: PendingChatLine[] }) {
  const { t } = useTranslation();
  const outbox = chatOutbox(streamId);
  return lines.map((line) => (
    <li key={line.clientId} data-pending-line={line.state} className="break-words">
      <span className="text-foreground/70">{line.text}</span>{' '}
      {line.state === 'sending' ? (
        <span className="inline-flex items-center gap-1 text-xs whitespace-nowrap text-muted-foreground">
          <Clock3 className="size-3.5" aria-hidden="true" />
          {t('stream.chat_sending')}
        </span>
      ) : (
        <span className="inline-flex flex-wrap items-center gap-x-1 text-xs">
          <span className="inline-flex items-center gap-1 font-medium text-destructive">
            <CircleAlert className="size-3.5" aria-hidden="true" />
            {t('stream.chat_not_sent')}
          </span>
          <button type="button" onClick={() => outbox.retry(line.clientId)} className="inline-flex h-11 items-center gap-1 rounded-full px-2 font-semibold text-primary hover:bg-card">
            <RotateCcw className="size-3.5" aria-hidden="true" />
            {t('stream.chat_retry')}
          </button>
          <button
            type="button"
            onClick={() => outbox.remove(line.clientId)}
            aria-label={t('stream.chat_discard')}
            className="inline-flex size-11 items-center justify-center rounded-full text-muted-foreground hover:bg-card"
          >
            <X className="size-4" aria-hidden="true" />
          </button>
        </span>
      )}
    </li>
  ));
}
