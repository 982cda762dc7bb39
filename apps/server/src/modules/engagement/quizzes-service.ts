import { QUIZ_LEADERBOARD_SIZE, type AnswerResult, type Quiz, type QuizAttempt } from '@live-market/contract';
import type { Db } from '../../db/client.js';
import { assertMayTakePart } from '../moderation/index.js';
import { HttpError } from '../../plugins/errors.js';
import type { Hub } from '../../realtime/hub.js';
import { displayName } from '../auth/index.js';
import * as repo from './repository.js';

export interface QuizzesDeps {
  db: Db;
  hub: Hub;
}

interface NewQuestion {
  question: string;
  options: string[];
  correctAnswer: number;
  points: number;
}

export function createQuizzesService({ db, hub }: QuizzesDeps) {
  async function streamOrThrow(streamId: string) {
    const stream = await repo.findStreamOwner(db, streamId);
    if (!stream) throw new HttpError(404, 'Stream not found');
    return stream;
  }

  async function quizOrThrow(quizId: string) {
    const quiz = await repo.findQuiz(db, quizId);
    if (!quiz) throw new HttpError(404, 'Quiz not found');
    return quiz;
  }

  /** The correct answers go only to the stream owner: a viewer learns one only after answering it. */
  async function toDto(quiz: repo.QuizRow, forOwner: boolean): Promise<Quiz> {
    const questions = await repo.findQuizQuestions(db, quiz.id);
    return {
      id: quiz.id,
      streamId: quiz.streamId,
      title: quiz.title,
      isActive: quiz.isActive,
      createdAt: quiz.createdAt.toISOString(),
      questions: questions.map((q) => ({
        id: q.id,
        question: q.question,
        options: q.options,
        points: q.points,
        ...(forOwner ? { correctAnswer: q.correctAnswer } : {}),
      })),
    };
  }

  return {
    /** The stream's latest quiz, active or ended (a viewer without an attempt sees 'Quiz has ended'), or null. */
    async active(streamId: string, userId: string | null): Promise<Quiz | null> {
      const quiz = await repo.findLatestQuiz(db, streamId);
      if (!quiz) return null;
      const stream = userId ? await repo.findStreamOwner(db, streamId) : null;
      return toDto(quiz, !!userId && stream?.ownerId === userId);
    },

    async create(userId: string, streamId: string, body: { title: string; questions: NewQuestion[] }): Promise<Quiz> {
      const stream = await streamOrThrow(streamId);
      if (stream.ownerId !== userId) throw new HttpError(403, 'Only the stream owner can create quizzes');
      if (!stream.isLive) throw new HttpError(409, 'This stream has ended');
      let quiz: repo.QuizRow;
      try {
        quiz = await db.transaction((tx) => repo.insertQuiz(tx, { streamId, title: body.title, questions: body.questions }));
      } catch (error) {
        if (repo.isUniqueViolation(error)) throw new HttpError(409, 'This stream already has an active quiz. End it before starting a new one.');
        throw error;
      }
      // Viewers on the Chat tab hear of it at once (issue 25): the viewer's form, never the answers.
      await hub.broadcast(streamId, { type: 'quiz_started', streamId, quiz: await toDto(quiz, false) });
      return toDto(quiz, true);
    },

    async attempt(userId: string, quizId: string): Promise<QuizAttempt | null> {
      await quizOrThrow(quizId);
      const attempt = await repo.findAttempt(db, quizId, userId);
      if (!attempt) return null;
      return { score: attempt.score, answers: await repo.findAnswers(db, attempt.id) };
    },

    /** One answer per question; the score moves in the same transaction as the answer. */
    async answer(userId: string, quizId: string, body: { questionId: string; selectedOption: number }): Promise<AnswerResult> {
      await assertMayTakePart(db, (await streamOrThrow((await quizOrThrow(quizId)).streamId)).sellerId, userId);
      try {
        return await db.transaction(async (tx) => {
          // Share lock: ending the quiz waits for answers in flight, and no answer lands after it.
          const quiz = await repo.findQuiz(tx, quizId, 'share');
          if (!quiz) throw new HttpError(404, 'Quiz not found');
          if (!quiz.isActive) throw new HttpError(409, 'This quiz has ended');
          const questions = await repo.findQuizQuestions(tx, quizId);
          const question = questions.find((q) => q.id === body.questionId);
          if (!question) throw new HttpError(400, 'That question is not part of this quiz');
          const attempt = await repo.lockOrCreateAttempt(tx, quizId, userId);
          const answered = await repo.findAnswers(tx, attempt.id);
          if (answered.some((a) => a.questionId === question.id)) throw new HttpError(409, "You've already answered this question");
          const correct = body.selectedOption === question.correctAnswer;
          const pointsAwarded = correct ? question.points : 0;
          await repo.insertAnswer(tx, { attemptId: attempt.id, questionId: question.id, selectedOption: body.selectedOption, isCorrect: correct, pointsAwarded });
          await repo.addScore(tx, attempt.id, pointsAwarded, answered.length + 1 >= questions.length);
          return { correct, correctAnswer: question.correctAnswer, pointsAwarded };
        });
      } catch (error) {
        if (repo.isUniqueViolation(error)) throw new HttpError(409, "You've already answered this question");
        throw error;
      }
    },

    /** Owner only. Ending twice is harmless; quiz_ended goes out once, with the top scorers. */
    async end(userId: string, quizId: string): Promise<Quiz> {
      const quiz = await quizOrThrow(quizId);
      const stream = await streamOrThrow(quiz.streamId);
      if (stream.ownerId !== userId) throw new HttpError(403, 'Only the stream owner can end this quiz');
      const ended = await repo.endQuiz(db, quizId);
      if (ended) {
        const top = await repo.topScorers(db, quizId, QUIZ_LEADERBOARD_SIZE);
        await hub.broadcast(quiz.streamId, {
          type: 'quiz_ended',
          streamId: quiz.streamId,
          quizId,
          leaderboard: top.map((r) => ({ displayName: displayName(r), score: r.score })),
        });
      }
      return toDto(ended ?? (await quizOrThrow(quizId)), true);
    },
  };
}

export type QuizzesService = ReturnType<typeof createQuizzesService>;
