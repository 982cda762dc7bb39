import type { Quiz, QuizAttempt } from '@live-market/contract/engagement';

export type QuizResultRow = { questionId: string; question: string; points: number; correct: boolean; answered: boolean };

/** SPEC 2: total points, the percentage of the maximum points (whole number), and Correct/Incorrect per question. */
export function summarizeQuiz(quiz: Pick<Quiz, 'questions'>, attempt: QuizAttempt | null | undefined) {
  const maxPoints = quiz.questions.reduce((sum, q) => sum + q.points, 0);
  const score = attempt?.score ?? 0;
  const percentage = maxPoints > 0 ? Math.round((score / maxPoints) * 100) : 0;
  const rows: QuizResultRow[] = quiz.questions.map((q) => {
    const answer = attempt?.answers.find((a) => a.questionId === q.id);
    return { questionId: q.id, question: q.question, points: q.points, correct: answer?.isCorrect ?? false, answered: !!answer };
  });
  return { score, maxPoints, percentage, rows };
}

/** Where a returning viewer resumes: the question after the last one they answered (0 with no attempt). */
export function resumeIndex(quiz: Pick<Quiz, 'questions'>, attempt: QuizAttempt | null | undefined): number {
  if (!attempt) return 0;
  let last = -1;
  quiz.questions.forEach((q, i) => {
    if (attempt.answers.some((a) => a.questionId === q.id)) last = i;
  });
  return last + 1;
}
