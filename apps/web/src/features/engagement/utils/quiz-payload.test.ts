import { describe, expect, it } from 'vitest';
import { buildQuizPayload, canRemoveQuizQuestion, emptyQuizQuestion, normalizeQuizPoints, quizFormDefaults } from './quiz-payload';

const complete = { question: ' Which metal? ', options: ['Gold', 'Silver', 'Copper', 'Brass'], correctAnswer: 1, points: '20' };

describe('quiz payload', () => {
  it('starts with one question worth 10 points', () => {
    expect(quizFormDefaults().questions).toEqual([{ question: '', options: ['', '', '', ''], correctAnswer: 0, points: '10' }]);
  });

  it('removes a question only while more than one remains', () => {
    expect(canRemoveQuizQuestion(1)).toBe(false);
    expect(canRemoveQuizQuestion(2)).toBe(true);
  });

  it('needs a title', () => {
    expect(buildQuizPayload({ title: '  ', questions: [complete] })).toEqual({ ok: false, error: 'title_required' });
  });

  it('drops incomplete questions from the payload', () => {
    const missingOption = { ...complete, question: 'Q2', options: ['a', 'b', ' ', 'd'] };
    const blankText = { ...complete, question: '   ' };
    const result = buildQuizPayload({ title: ' Jewellery quiz ', questions: [missingOption, complete, blankText, emptyQuizQuestion()] });
    expect(result).toEqual({
      ok: true,
      body: { title: 'Jewellery quiz', questions: [{ question: 'Which metal?', options: ['Gold', 'Silver', 'Copper', 'Brass'], correctAnswer: 1, points: 20 }] },
    });
  });

  it('needs at least one complete question', () => {
    expect(buildQuizPayload({ title: 'Quiz', questions: [emptyQuizQuestion(), { ...complete, options: ['a', '', 'c', 'd'] }] })).toEqual({
      ok: false,
      error: 'questions_required',
    });
  });

  it('keeps points within 1 to 100, 10 when not a number', () => {
    expect(normalizeQuizPoints('')).toBe(10);
    expect(normalizeQuizPoints('abc')).toBe(10);
    expect(normalizeQuizPoints('0')).toBe(1);
    expect(normalizeQuizPoints('250')).toBe(100);
    expect(normalizeQuizPoints(35)).toBe(35);
  });
});
