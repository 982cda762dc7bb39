import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateQuizBody, Quiz } from '@live-market/contract/engagement';
import { apiRequest } from '@/lib/api-client';
import { engagementKeys } from './keys';

/** POST /api/streams/{id}/quizzes: the owner starts a quiz (complete questions only). */
export async function createQuiz({ streamId, body }: { streamId: string; body: CreateQuizBody }): Promise<Quiz> {
  const res = await apiRequest('POST', `/api/streams/${streamId}/quizzes`, body);
  return (await res.json()) as Quiz;
}

export function useCreateQuiz({ streamId, onSuccess, onError }: { streamId: string; onSuccess?: () => void; onError?: (error: Error) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createQuiz,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: engagementKeys.activeQuiz(streamId) });
      onSuccess?.();
    },
    onError,
  });
}
