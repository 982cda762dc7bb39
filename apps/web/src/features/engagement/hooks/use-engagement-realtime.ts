import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { Poll, Quiz, RecentGift } from '@live-market/contract/engagement';
import type { ServerMessage } from '@live-market/contract/realtime';
import { getWsClient } from '@/lib/ws-connection';
import { engagementKeys } from '../api/keys';
import { keepLiveGift } from '../utils/gift-rules';
import { showGiftOverlay } from './gift-overlay-store';

/**
 * Applies the stream room's engagement messages (the room itself is joined by the stream page):
 * poll_updated replaces the cached poll at once, quiz_started brings a new quiz, quiz_ended ends
 * the quiz and keeps its leaderboard, and gift_sent joins the recent gifts and plays the gift animation.
 */
export function useEngagementRealtime(streamId: string): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const onMessage = (message: ServerMessage) => {
      switch (message.type) {
        case 'poll_updated':
          if (message.streamId !== streamId) return;
          queryClient.setQueryData<Poll | null>(engagementKeys.activePoll(streamId), message.poll);
          return;
        case 'quiz_started':
          if (message.streamId !== streamId) return;
          // The owner's copy, with the answers, comes from their own request: one already held stays.
          queryClient.setQueryData<Quiz | null>(engagementKeys.activeQuiz(streamId), (quiz) => (quiz?.id === message.quiz.id ? quiz : message.quiz));
          return;
        case 'quiz_ended':
          if (message.streamId !== streamId) return;
          queryClient.setQueryData(engagementKeys.quizLeaderboard(message.quizId), message.leaderboard);
          queryClient.setQueryData<Quiz | null>(engagementKeys.activeQuiz(streamId), (quiz) => (quiz && quiz.id === message.quizId ? { ...quiz, isActive: false } : quiz));
          return;
        case 'gift_sent':
          if (message.streamId !== streamId) return;
          queryClient.setQueryData<RecentGift[]>(engagementKeys.liveGifts(streamId), (kept = []) => keepLiveGift(kept, message.gift));
          showGiftOverlay(streamId, message.gift);
          // The owner's earnings grow with every gift; refetch only where that query is in use.
          void queryClient.invalidateQueries({ queryKey: engagementKeys.giftEarnings(streamId) });
          return;
        default:
          return;
      }
    };
    return getWsClient().subscribe(onMessage);
  }, [queryClient, streamId]);
}
