import 'virtual:english-load/engagement';
import { BarChart3, HelpCircle } from 'lucide-react';
import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useEngagementInvites } from '../hooks/use-engagement-invites';

type InviteProps = { streamId: string; userId: string; isOwner: boolean };

/** Issue 25: a dot on the Poll or Quiz tab's icon while a poll awaits the viewer's vote, or a quiz their play. */
export function EngagementTabBadge({ kind, ...props }: InviteProps & { kind: 'poll' | 'quiz' }) {
  const invites = useEngagementInvites(props.streamId, props.userId, props.isOwner);
  if (!invites[kind]) return null;
  // The chat's line says it in words (for screen readers too); the tab's name stays 'Poll' / 'Quiz'.
  return <span data-testid={`${kind}-tab-badge`} aria-hidden="true" className="absolute -top-1 -right-1.5 size-2.5 rounded-full bg-rose-600 ring-2 ring-muted" />;
}

/**
 * Issue 25: viewers stay on the Chat tab, so the chat carries the running poll and quiz as lines kept
 * at its foot: the question or the title and Vote / Play, which open their tab. Each line is an <li>
 * of the chat's list.
 */
export function EngagementChatInvites({ onOpen, ...props }: InviteProps & { onOpen: (tab: 'poll' | 'quiz') => void }) {
  const { t } = useTranslation();
  const { poll, quiz } = useEngagementInvites(props.streamId, props.userId, props.isOwner);
  return (
    <>
      {poll ? (
        <InviteLine icon={<BarChart3 aria-hidden="true" />} label={t('stream.tab_poll')} text={poll.question} action={t('engagement.vote')} onClick={() => onOpen('poll')} />
      ) : null}
      {quiz ? (
        <InviteLine icon={<HelpCircle aria-hidden="true" />} label={t('stream.tab_quiz')} text={quiz.title} action={t('engagement.play_quiz')} onClick={() => onOpen('quiz')} />
      ) : null}
    </>
  );
}

/** Within this distance of its foot the chat follows new lines (as ChatPanel does for messages). */
const NEAR_FOOT_PX = 96;

function InviteLine({ icon, label, text, action, onClick }: { icon: ReactNode; label: string; text: string; action: string; onClick: () => void }) {
  const ref = useRef<HTMLLIElement>(null);
  // Arriving, it is the chat's newest line: a reader at the foot is taken to it, so it sits after the
  // lines rather than over them.
  useLayoutEffect(() => {
    const list = ref.current?.parentElement;
    if (list && list.scrollHeight - list.scrollTop - list.clientHeight < NEAR_FOOT_PX + (ref.current?.offsetHeight ?? 0)) list.scrollTop = list.scrollHeight;
  }, []);
  return (
    // Kept at the foot of the chat while it scrolls, so a busy chat never pushes it out of sight.
    <li ref={ref} className="sticky bottom-0 z-10" data-testid="chat-invite">
      <button
        type="button"
        onClick={onClick}
        className="flex min-h-11 w-full items-center gap-2 rounded-xl border border-brand-200 bg-card px-2.5 py-1.5 text-left shadow-sm hover:bg-brand-50 [&_svg]:size-4 [&_svg]:shrink-0 [&_svg]:text-primary"
      >
        {icon}
        {/* The poll's question is the seller's text: shown as text, at most three lines (the tab shows it whole). */}
        <span className="line-clamp-3 min-w-0 flex-1 text-xs leading-snug wrap-anywhere">
          <span className="font-semibold text-primary">{label}</span> {text}
        </span>
        <span className="max-w-[45%] shrink-0 rounded-lg bg-brand-gradient px-3 py-1.5 text-center text-xs leading-tight font-semibold text-primary-foreground">{action}</span>
      </button>
    </li>
  );
}
