import { useEffect, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConnectionStatus } from '@/lib/ws-client';
import { useStreamMessages } from '../api/get-stream-messages';
import { ChatInput } from './chat-input';

type ChatPanelProps = {
  streamId: string;
  isLive: boolean;
  status: ConnectionStatus;
  onSend: (message: string) => boolean;
};

/** Within this distance of the bottom the list follows new messages; further up, the reader is left alone. */
const STICK_TO_BOTTOM_PX = 96;

/** The chat: history from the server, then live lines from the room, newest at the bottom. */
export function ChatPanel({ streamId, isLive, status, onSend }: ChatPanelProps) {
  const { t } = useTranslation();
  const { data: messages, isLoading, error } = useStreamMessages(streamId);
  const listRef = useRef<HTMLOListElement | null>(null);
  const atBottom = useRef(true);
  const count = messages?.length ?? 0;

  useLayoutEffect(() => {
    const list = listRef.current;
    if (list && atBottom.current) list.scrollTop = list.scrollHeight;
  }, [count]);

  // The first history load always starts at the newest line.
  useEffect(() => {
    if (!isLoading && listRef.current) listRef.current.scrollTop = listRef.current.scrollHeight;
  }, [isLoading]);

  const onScroll = () => {
    const list = listRef.current;
    if (list) atBottom.current = list.scrollHeight - list.scrollTop - list.clientHeight < STICK_TO_BOTTOM_PX;
  };

  const send = (message: string) => {
    atBottom.current = true;
    return onSend(message);
  };

  return (
    <div className="flex h-full min-h-0 flex-col gap-2">
      <ol
        ref={listRef}
        onScroll={onScroll}
        role="log"
        aria-live="polite"
        aria-label={t('stream.chat_messages')}
        className="min-h-0 flex-1 space-y-2 overflow-y-auto overscroll-contain rounded-xl bg-muted/50 p-3 text-sm"
      >
        {messages?.map((line) => (
          <li key={line.id} className="break-words">
            <span className="font-semibold text-primary">{line.displayName}</span> <span>{line.message}</span>
          </li>
        ))}
        {!isLoading && count === 0 ? <li className="py-6 text-center text-muted-foreground">{error ? t('stream.chat_error') : t('stream.chat_empty')}</li> : null}
      </ol>
      {isLive ? (
        <>
          {status === 'reconnecting' ? (
            <p role="status" className="text-xs font-medium text-amber-700">
              {t('stream.chat_reconnecting')}
            </p>
          ) : null}
          <ChatInput onSend={send} />
        </>
      ) : (
        <p className="text-center text-xs text-muted-foreground">{t('stream.chat_closed')}</p>
      )}
    </div>
  );
}
