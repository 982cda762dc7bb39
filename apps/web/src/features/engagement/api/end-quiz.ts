import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Quiz } from '@live-market/contract/engagement';
import { apiRequest } from '@/lib/api-client';
import { engagementKeys } from './keys';

/** PATCH /api/quizzes/{quizId} {isActive: false}: the owner ends the quiz. */
export async function endQuiz({ quizId }: { quizId: string; streamId: string }): Promise<void> {
  await apiRequest('PATCH', `/api/quizzes/${quizId}`, { isActive: false });
}

export function useEndQuiz({ onSuccess, onError }: { onSuccess?: () => void; onError?: (error: Error) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endQuiz,
    onSuccess: (_, { quizId, streamId }) => {
      queryClient.setQueryData<Quiz | null>(engagementKeys.activeQuiz(streamId), (quiz) => (quiz && quiz.id === quizId ? { ...quiz, isActive: false } : quiz));
      void queryClient.invalidateQueries({ queryKey: engagementKeys.activeQuiz(streamId) });
      onSuccess?.();
    },
    onError,
  });
}
