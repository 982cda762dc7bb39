import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AnswerBody, AnswerResult } from '@live-market/contract/engagement';
import { apiRequest } from '@/lib/api-client';
import { engagementKeys } from './keys';

/** POST /api/quizzes/{quizId}/answer {questionId, selectedOption}. */
export async function answerQuiz({ quizId, body }: { quizId: string; body: AnswerBody }): Promise<AnswerResult> {
  const res = await apiRequest('POST', `/api/quizzes/${quizId}/answer`, body);
  return (await res.json()) as AnswerResult;
}

export function useAnswerQuiz({ onError }: { onError?: (error: Error) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: answerQuiz,
    onSettled: (_, __, { quizId }) => void queryClient.invalidateQueries({ queryKey: engagementKeys.quizAttempt(quizId) }),
    onError,
  });
}
