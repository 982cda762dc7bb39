import type { CreateQuizBody } from '@live-market/contract/engagement';
import { QUIZ_DEFAULT_POINTS, QUIZ_MAX_POINTS, QUIZ_MIN_POINTS, QUIZ_OPTIONS_PER_QUESTION } from '@live-market/contract/constants';

// SPEC 5, quiz creation: a title that is not blank; at least one complete question (text plus all
// four options); incomplete questions are dropped from the payload; points 1 to 100, default 10.

export type QuizQuestionValues = { question: string; options: string[]; correctAnswer: number; points: string };
export type QuizFormValues = { title: string; questions: QuizQuestionValues[] };

export function emptyQuizQuestion(): QuizQuestionValues {
  return { question: '', options: Array.from({ length: QUIZ_OPTIONS_PER_QUESTION }, () => ''), correctAnswer: 0, points: String(QUIZ_DEFAULT_POINTS) };
}

export const quizFormDefaults = (): QuizFormValues => ({ title: '', questions: [emptyQuizQuestion()] });

export function canRemoveQuizQuestion(count: number): boolean {
  return count > 1;
}

export function isCompleteQuizQuestion(q: QuizQuestionValues): boolean {
  return q.question.trim() !== '' && q.options.length === QUIZ_OPTIONS_PER_QUESTION && q.options.every((o) => o.trim() !== '');
}

/** Points as a whole number from 1 to 100; 10 when the entry is not a number. */
export function normalizeQuizPoints(entry: string | number): number {
  const n = typeof entry === 'string' ? (entry.trim() === '' ? Number.NaN : Number(entry)) : entry;
  if (!Number.isFinite(n)) return QUIZ_DEFAULT_POINTS;
  return Math.min(QUIZ_MAX_POINTS, Math.max(QUIZ_MIN_POINTS, Math.round(n)));
}

export type QuizFormError = 'title_required' | 'questions_required';

export function buildQuizPayload(values: QuizFormValues): { ok: true; body: CreateQuizBody } | { ok: false; error: QuizFormError } {
  const title = values.title.trim();
  if (!title) return { ok: false, error: 'title_required' };
  const questions = values.questions.filter(isCompleteQuizQuestion).map((q) => ({
    question: q.question.trim(),
    options: q.options.map((o) => o.trim()),
    correctAnswer: Math.min(QUIZ_OPTIONS_PER_QUESTION - 1, Math.max(0, Math.trunc(q.correctAnswer) || 0)),
    points: normalizeQuizPoints(q.points),
  }));
  if (questions.length === 0) return { ok: false, error: 'questions_required' };
  return { ok: true, body: { title, questions } };
}
