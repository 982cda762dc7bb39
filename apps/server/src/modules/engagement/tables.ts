import { boolean, check, index, integer, pgTable, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { user } from '../auth/tables.js';
import { sellers } from '../sellers/tables.js';
import { streams } from '../streams/tables.js';
import { createdAt } from '../../db/columns.js';


export const polls = pgTable(
  'polls',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    streamId: uuid('stream_id')
      .notNull()
      .references(() => streams.id, { onDelete: 'cascade' }),
    question: text('question').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    durationSeconds: integer('duration_seconds').notNull().default(60),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('polls_stream_idx').on(t.streamId, t.createdAt),
    // One active poll per stream, even when two create requests race.
    uniqueIndex('polls_one_active_uq').on(t.streamId).where(sql`${t.isActive}`),
  ],
);

export const pollOptions = pgTable(
  'poll_options',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    pollId: uuid('poll_id')
      .notNull()
      .references(() => polls.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    position: integer('position').notNull(),
  },
  (t) => [unique('poll_options_position_uq').on(t.pollId, t.position)],
);

export const pollVotes = pgTable(
  'poll_votes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    pollId: uuid('poll_id')
      .notNull()
      .references(() => polls.id, { onDelete: 'cascade' }),
    optionId: uuid('option_id')
      .notNull()
      .references(() => pollOptions.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [unique('poll_votes_poll_user_uq').on(t.pollId, t.userId), index('poll_votes_option_idx').on(t.optionId)],
);

export const quizzes = pgTable(
  'quizzes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    streamId: uuid('stream_id')
      .notNull()
      .references(() => streams.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    index('quizzes_stream_idx').on(t.streamId, t.createdAt),
    uniqueIndex('quizzes_one_active_uq').on(t.streamId).where(sql`${t.isActive}`),
  ],
);

export const quizQuestions = pgTable(
  'quiz_questions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    quizId: uuid('quiz_id')
      .notNull()
      .references(() => quizzes.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    question: text('question').notNull(),
    options: text('options').array().notNull(),
    correctAnswer: integer('correct_answer').notNull(),
    points: integer('points').notNull().default(10),
  },
  (t) => [
    unique('quiz_questions_position_uq').on(t.quizId, t.position),
    check('quiz_questions_four_options', sql`cardinality(${t.options}) = 4`),
    check('quiz_questions_answer_range', sql`${t.correctAnswer} between 0 and 3`),
    check('quiz_questions_points_range', sql`${t.points} between 1 and 100`),
  ],
);

export const quizAttempts = pgTable(
  'quiz_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    quizId: uuid('quiz_id')
      .notNull()
      .references(() => quizzes.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    score: integer('score').notNull().default(0),
    startedAt: createdAt(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [unique('quiz_attempts_quiz_user_uq').on(t.quizId, t.userId)],
);

export const quizAnswers = pgTable(
  'quiz_answers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    attemptId: uuid('attempt_id')
      .notNull()
      .references(() => quizAttempts.id, { onDelete: 'cascade' }),
    questionId: uuid('question_id')
      .notNull()
      .references(() => quizQuestions.id, { onDelete: 'cascade' }),
    selectedOption: integer('selected_option').notNull(),
    isCorrect: boolean('is_correct').notNull(),
    pointsAwarded: integer('points_awarded').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [unique('quiz_answers_attempt_question_uq').on(t.attemptId, t.questionId)],
);

// The coin wallet is a ledger: the balance is the sum of a user's entries, never a stored number.
export const coinLedger = pgTable(
  'coin_ledger',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    delta: integer('delta').notNull(),
    reason: text('reason', { enum: ['welcome_bonus', 'top_up', 'gift_sent', 'gift_received', 'adjustment'] }).notNull(),
    referenceId: uuid('reference_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('coin_ledger_user_idx').on(t.userId, t.createdAt),
    // The 1,000 welcome coins are a ledger row written on a user's first wallet touch; this makes that write idempotent.
    uniqueIndex('coin_ledger_welcome_uq').on(t.userId).where(sql`${t.reason} = 'welcome_bonus'`),
    // A coin pack's payment (the reference) is credited once, however often its capture is reported.
    uniqueIndex('coin_ledger_top_up_uq').on(t.referenceId).where(sql`${t.reason} = 'top_up'`),
  ],
);

export const giftEvents = pgTable(
  'gift_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    streamId: uuid('stream_id')
      .notNull()
      .references(() => streams.id, { onDelete: 'cascade' }),
    senderId: uuid('sender_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => sellers.id, { onDelete: 'cascade' }),
    giftId: text('gift_id', { enum: ['heart', 'star', 'coffee', 'fire', 'diamond', 'crown'] }).notNull(),
    amount: integer('amount').notNull(),
    /** Chosen by the client per send: a retried request with the same key returns the first gift, charged once. */
    idempotencyKey: uuid('idempotency_key'),
    createdAt: createdAt(),
  },
  (t) => [
    index('gift_events_stream_idx').on(t.streamId, t.createdAt),
    uniqueIndex('gift_events_sender_key_uq').on(t.senderId, t.idempotencyKey),
    check('gift_events_amount_positive', sql`${t.amount} > 0`),
  ],
);
