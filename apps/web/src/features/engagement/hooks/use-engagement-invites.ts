import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { Poll, Quiz } from '@live-market/contract/engagement';
import { getWsClient } from '@/lib/ws-connection';
import { getActivePollQueryOptions } from '../api/get-active-poll';
import { getActiveQuizQueryOptions } from '../api/get-active-quiz';
import { useMyVote } from '../api/get-my-vote';
import { useQuizAttempt } from '../api/get-quiz-attempt';
import { engagementKeys } from '../api/keys';

export type EngagementInvites = {
  /** A running poll this viewer has not voted in. */
  poll: Poll | null;
  /** A running quiz this viewer has not started. */
  quiz: Quiz | null;
};

const NONE: EngagementInvites = { poll: null, quiz: null };

/**
 * Issue 25: what a viewer on the Chat tab is invited to — a poll to vote in, a quiz to play. Asked
 * once when the page opens (not every 2 s: only the open Poll and Quiz tabs refresh so, SPEC 9), then
 * kept by the room's poll_updated, quiz_started and quiz_ended (EngagementLayer applies them), and
 * asked again after the socket reconnects, as messages may have been missed meanwhile. The owner is
 * invited to nothing.
 */
export function useEngagementInvites(streamId: string, userId: string, isOwner: boolean): EngagementInvites {
  const queryClient = useQueryClient();
  const enabled = !isOwner && !!userId;
  useEffect(() => {
    if (!enabled) return;
    let wasDown = false;
    return getWsClient().onStatusChange((status) => {
      if (status === 'reconnecting') wasDown = true;
      else if (status === 'open' && wasDown) {
        wasDown = false;
        void queryClient.invalidateQueries({ queryKey: engagementKeys.activePoll(streamId) });
        void queryClient.invalidateQueries({ queryKey: engagementKeys.activeQuiz(streamId) });
      }
    });
  }, [queryClient, streamId, enabled]);

  // The same cache entries as the tabs; this observer adds no 2-second refresh of its own.
  const { data: poll } = useQuery({ ...getActivePollQueryOptions(streamId), refetchInterval: false, enabled });
  const { data: quiz } = useQuery({ ...getActiveQuizQueryOptions(streamId), refetchInterval: false, enabled });
  const livePoll = enabled && poll?.isActive ? poll : null;
  const liveQuiz = enabled && quiz?.isActive ? quiz : null;
  const { data: myVote, isPending: voteUnknown } = useMyVote(livePoll?.id, { enabled: !!livePoll });
  const { data: attempt, isPending: attemptUnknown } = useQuizAttempt(liveQuiz?.id, { enabled: !!liveQuiz });

  if (!enabled) return NONE;
  return {
    // Until the viewer's own vote is known, no invitation: one who voted is never asked again.
    poll: livePoll && !voteUnknown && !myVote ? livePoll : null,
    quiz: liveQuiz && !attemptUnknown && !attempt ? liveQuiz : null,
  };
}
