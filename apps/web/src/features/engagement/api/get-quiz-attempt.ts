import { queryOptions, useQuery } from '@tanstack/react-query';
import type { QuizAttempt } from '@live-market/contract/engagement';
import { apiRequest } from '@/lib/api-client';
import { engagementKeys } from './keys';

/** GET /api/quizzes/{quizId}/attempt: the signed-in user's score and answers (null before the first answer). */
export async function getQuizAttempt(quizId: string): Promise<QuizAttempt | null> {
  const res = await apiRequest('GET', `/api/quizzes/${quizId}/attempt`);
  return (await res.json()) as QuizAttempt | null;
}

export function getQuizAttemptQueryOptions(quizId: string) {
  return queryOptions({ queryKey: engagementKeys.quizAttempt(quizId), queryFn: () => getQuizAttempt(quizId) });
}

export function useQuizAttempt(quizId: string | undefined, { enabled }: { enabled: boolean }) {
  return useQuery({ ...getQuizAttemptQueryOptions(quizId ?? ''), enabled: enabled && !!quizId });
}
