import { Suspense, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChatRole, ChatSettings } from '@live-market/contract/moderation';
import type { ChatMessage } from '@live-market/contract/streams';
import { useOnline } from '@/lib/offline';
import { cn } from '@/lib/utils';
import type { ConnectionStatus } from '@/lib/ws-client';
import { useStreamMessages } from '../api/get-stream-messages';
import { usePendingChatLines } from '../hooks/chat-outbox';
import { ChatComposer } from './chat-composer';
import { PendingChatLines } from './pending-chat-lines';

/** The menu a tapped chat line opens, while it is open or closing. */
export type ChatMessageMenu = { message: ChatMessage; open: boolean; onOpenChange: (open: boolean) => void };

/** What moderation adds to the chat (issue 12), composed by the route from the moderation feature. */
export type ChatModeration = {
  /** Whether tapping this line opens a menu (the staff's actions, or Report for a viewer). */
  canSelect: (line: ChatMessage) => boolean;
  renderMenu: (menu: ChatMessageMenu) => ReactNode;
  /** The owner's and moderators' chat settings and reports, beside the input. */
  tools?: ReactNode;
};

type ChatPanelProps = {
  streamId: string;
  isLive: boolean;
  status: ConnectionStatus;
  onSend: (message: string) => boolean;
  storeName: string;
  role: ChatRole;
  settings: ChatSettings;
  moderation?: ChatModeration;
  /** The Follow button, offered when only followers may chat. */
  follow?: ReactNode;
  /** Issue 25: lines (<li>) for a running poll or quiz, kept at the foot of the list. */
  invites?: ReactNode;
};

/**
 * A chat line where lines can be tapped: the whole line is the tap target, at least 44 px tall, and
 * every line has the same height so the chat keeps one rhythm (one's own lines are not buttons).
 */
const CHAT_ROW = '-mx-2 -my-1 flex min-h-11 w-[calc(100%+1rem)] items-center rounded-lg px-2 py-1 transition';

/** Within this distance of the bottom the list follows new messages; further up, the reader is left alone. */
const STICK_TO_BOTTOM_PX = 96;

/** The chat: history from the server, then live lines from the room, newest at the bottom. */
export function ChatPanel({ streamId, isLive, status, onSend, storeName, role, settings, moderation, follow, invites }: ChatPanelProps) {
  const { t } = useTranslation();
  const { data: messages, isLoading, error } = useStreamMessages(streamId);
  const listRef = useRef<HTMLOListElement | null>(null);
  const atBottom = useRef(true);
  const [menu, setMenu] = useState<{ message: ChatMessage; open: boolean } | null>(null);
  const count = messages?.length ?? 0;
  // Issue 25: one's own lines not yet answered by the server, after the others.
  const pending = usePendingChatLines(streamId);
  const online = useOnline();
  // A line deleted while its menu is open takes the menu with it.
  const menuOpen = menu !== null && menu.open && (messages?.some((line) => line.id === menu.message.id) ?? false);

  useLayoutEffect(() => {
    const list = listRef.current;
    if (list && atBottom.current) list.scrollTop = list.scrollHeight;
  }, [count, pending.length]);

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
        {messages?.map((line) => {
          // Stored text is shown as text: names and messages are never markup.
          const text = (
            <span className="min-w-0">
              <span className="font-semibold text-primary">{line.displayName}</span> <span>{line.message}</span>
            </span>
          );
          return (
            <li key={line.id} data-message-id={line.id} className="break-words">
              {moderation?.canSelect(line) ? (
                <button type="button" aria-haspopup="dialog" onClick={() => setMenu({ message: line, open: true })} className={cn(CHAT_ROW, 'text-left hover:bg-card active:bg-card')}>
                  {text}
                </button>
              ) : (
                <div className={moderation ? CHAT_ROW : undefined}>{text}</div>
              )}
            </li>
          );
        })}
        {isLive ? <PendingChatLines streamId={streamId} lines={pending} /> : null}
        {!isLoading && count === 0 && (!isLive || pending.length === 0) ? <li className="py-6 text-center text-muted-foreground">{error ? t('stream.chat_error') : t('stream.chat_empty')}</li> : null}
        {invites}
      </ol>
      {isLive ? (
        <>
          {!online ? (
            // Issue 25: the chat is what goes stale first; lines typed now wait as "Sending…".
            <p role="status" className="text-xs font-medium text-amber-700">
              {t('offline.title')} · {t('stream.chat_offline')}
            </p>
          ) : status === 'reconnecting' ? (
            <p role="status" className="text-xs font-medium text-amber-700">
              {t('stream.chat_reconnecting')}
            </p>
          ) : null}
          <ChatComposer
            streamId={streamId}
            storeName={storeName}
            role={role}
            settings={settings}
            onSend={send}
            follow={follow}
            tools={moderation?.tools ? <Suspense fallback={<span className="size-11 shrink-0" />}>{moderation.tools}</Suspense> : null}
          />
        </>
      ) : (
        <p className="text-center text-xs text-muted-foreground">{t('stream.chat_closed')}</p>
      )}
      {menu && moderation ? (
        <Suspense fallback={null}>
          {moderation.renderMenu({ message: menu.message, open: menuOpen, onOpenChange: (open) => setMenu({ ...menu, open }) })}
        </Suspense>
      ) : null}
    </div>
  );
}
