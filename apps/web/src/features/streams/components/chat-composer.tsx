import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useState, type ReactNode } from 'react';
import type { ChatRole, ChatSettings } from '@live-market/contract/moderation';
import { lazyComponent } from '@/lib/lazy-component';
import { clearChatRefusal, useChatRefusal } from '../hooks/use-chat-refusal';
import { ChatInput } from './chat-input';

// The notice's code (the countdown, the texts) loads only when there is something to say: a refused
// line, or slow mode or followers-only on. Most shows have neither, and the page stays lighter.
const ChatNotice = lazyComponent(() => import('./chat-notice').then((m) => m.ChatNotice));

type ChatComposerProps = {
  streamId: string;
  storeName: string;
  role: ChatRole;
  settings: ChatSettings;
  onSend: (message: string) => boolean;
  /** The owner's and moderators' chat tools, left of the input. */
  tools?: ReactNode;
  /** The Follow button, offered when only followers may chat. */
  follow?: ReactNode;
};

/**
 * The chat input with what stands between the user and the chat (issue 12): the reason a line was
 * refused, in the user's language by its code, with a live countdown for slow mode and a timeout
 * (Send waits for it, and the refused line is put back in the box); a ban and followers-only stay on
 * screen. Viewers see slow mode and followers-only before they run into them.
 */
export function ChatComposer({ streamId, storeName, role, settings, onSend, tools, follow }: ChatComposerProps) {
  const queryClient = useQueryClient();
  const refusal = useChatRefusal(streamId);
  const [lastSent, setLastSent] = useState('');
  const hinted = role === 'viewer' && (settings.slowModeSeconds > 0 || settings.followersOnly);

  const send = (message: string) => {
    // A new line may well have no link: the old reason goes until the server says otherwise.
    clearChatRefusal(queryClient, streamId, (current) => current.code === 'link_blocked');
    setLastSent(message);
    return onSend(message);
  };

  return (
    <div className="space-y-1.5">
      {refusal || hinted ? (
        <Suspense fallback={null}>
          <ChatNotice streamId={streamId} refusal={refusal} storeName={storeName} role={role} settings={settings} follow={follow} />
        </Suspense>
      ) : null}
      <div className="flex items-center gap-2">
        {tools}
        <div className="min-w-0 flex-1">
          <ChatInput
            onSend={send}
            disabled={refusal?.code === 'banned'}
            // Until the notice's countdown clears the refusal.
            sendDisabled={refusal !== null && refusal.until !== null}
            restore={refusal && refusal.code !== 'banned' ? { id: refusal.id, text: lastSent } : undefined}
          />
        </div>
      </div>
    </div>
  );
}
