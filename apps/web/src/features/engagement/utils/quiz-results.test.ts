import { describe, expect, it } from 'vitest';
import { resumeIndex, summarizeQuiz } from './quiz-results';

const quiz = {
  questions: [
    { id: 'q1', question: 'One?', options: ['a', 'b', 'c', 'd'], points: 10 },
    { id: 'q2', question: 'Two?', options: ['a', 'b', 'c', 'd'], points: 20 },
    { id: 'q3', question: 'Three?', options: ['a', 'b', 'c', 'd'], points: 10 },
  ],
};

describe('quiz results', () => {
  it('totals the points and the percentage of the maximum', () => {
    const attempt = { score: 30, answers: [{ questionId: 'q1', selectedOption: 0, isCorrect: true }, { questionId: 'q2', selectedOption: 1, isCorrect: true }, { questionId: 'q3', selectedOption: 2, isCorrect: false }] };
    const summary = summarizeQuiz(quiz, attempt);
    expect(summary).toMatchObject({ score: 30, maxPoints: 40, percentage: 75 });
    expect(summary.rows.map((r) => r.correct)).toEqual([true, true, false]);
  });

  it('counts a skipped question as not correct, and no attempt as 0%', () => {
    expect(summarizeQuiz(quiz, { score: 10, answers: [{ questionId: 'q1', selectedOption: 0, isCorrect: true }] }).rows.map((r) => [r.correct, r.answered])).toEqual([
      [true, true],
      [false, false],
      [false, false],
    ]);
    expect(summarizeQuiz(quiz, null)).toMatchObject({ score: 0, percentage: 0 });
    expect(summarizeQuiz({ questions: [] }, null).percentage).toBe(0);
  });

  it('resumes after the last answered question', () => {
    expect(resumeIndex(quiz, null)).toBe(0);
    expect(resumeIndex(quiz, { score: 0, answers: [{ questionId: 'q2', selectedOption: 0, isCorrect: false }] })).toBe(2);
    expect(resumeIndex(quiz, { score: 0, answers: [{ questionId: 'q3', selectedOption: 0, isCorrect: false }] })).toBe(3);
  });
});
