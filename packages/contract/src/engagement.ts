import { z } from 'zod';
import { singleLine } from './text.js';
export { INSUFFICIENT_COINS_MESSAGE, QUIZ_LEADERBOARD_SIZE } from './constants.js';
import { GIFTS } from './catalog.js';
import {
  POLL_DEFAULT_DURATION_SECONDS,
  POLL_MAX_DURATION_SECONDS,
  POLL_MAX_OPTIONS,
  POLL_MIN_DURATION_SECONDS,
  POLL_MIN_OPTIONS,
  QUIZ_DEFAULT_POINTS,
  QUIZ_MAX_POINTS,
  QUIZ_MIN_POINTS,
  QUIZ_OPTIONS_PER_QUESTION,
} from './constants.js';

// SPEC 2, 3, 5, 7: live polls, timed quizzes, gifts and the coin wallet.

export const POLL_QUESTION_MAX_LENGTH = 300;
export const POLL_OPTION_MAX_LENGTH = 120;
export const QUIZ_TITLE_MAX_LENGTH = 200;
export const QUIZ_QUESTION_MAX_LENGTH = 300;
export const QUIZ_OPTION_MAX_LENGTH = 120;
export const QUIZ_MAX_QUESTIONS = 20;
/** poll_updated goes out at most once per this interval per poll. */
export const POLL_UPDATE_INTERVAL_MS = 1000;
export const ALREADY_VOTED_MESSAGE = "You've already voted in this poll";

export const PollIdParam = z.object({ pollId: z.uuid('Invalid poll id') });
export const QuizIdParam = z.object({ quizId: z.uuid('Invalid quiz id') });

// ---- Polls ----

export const PollOption = z.object({
  id: z.uuid(),
  text: z.string(),
  /**
   * SPEC 3: "votes as a list whose length is the count". One `1` per vote, never the voters' ids: the
   * poll is public, and your own vote comes from GET /api/polls/{pollId}/vote (decision 008).
   */
  votes: z.array(z.literal(1)),
});
export type PollOption = z.infer<typeof PollOption>;

export const Poll = z.object({
  id: z.uuid(),
  streamId: z.uuid(),
  question: z.string(),
  isActive: z.boolean(),
  options: z.array(PollOption),
  durationSeconds: z.number().int(),
  /** When the server ends the poll by itself; null for a poll without a deadline. */
  endsAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
});
export type Poll = z.infer<typeof Poll>;

// SPEC 5: 'Please enter a poll question'; at least 2 non-blank options ('Please provide at least 2 options').
// The field is named durationMinutes (SPEC 7) but holds seconds (SPEC 9): 30 to 600, 60 when not a number.
export const CreatePollBody = z.object({
  question: singleLine().min(1, 'Please enter a poll question').max(POLL_QUESTION_MAX_LENGTH, 'The question is too long'),
  options: z
    .array(singleLine().max(POLL_OPTION_MAX_LENGTH, 'An option is too long'))
    .transform((options) => options.map((o) => o.trim()).filter(Boolean))
    .pipe(
      z
        .array(z.string())
        .min(POLL_MIN_OPTIONS, `Please provide at least ${POLL_MIN_OPTIONS} options`)
        .max(POLL_MAX_OPTIONS, `A poll has at most ${POLL_MAX_OPTIONS} options`),
    ),
  durationMinutes: z
    .unknown()
    .optional()
    .transform((v) => {
      // Decimal text only: "0x1F" or "1e2" is not a number a person typed (issue 25).
      const n = typeof v === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(v) ? Number(v) : v;
      return typeof n === 'number' && Number.isFinite(n) ? Math.round(n) : POLL_DEFAULT_DURATION_SECONDS;
    })
    .pipe(
      z
        .number()
        .min(POLL_MIN_DURATION_SECONDS, `Duration must be between ${POLL_MIN_DURATION_SECONDS} and ${POLL_MAX_DURATION_SECONDS} seconds`)
        .max(POLL_MAX_DURATION_SECONDS, `Duration must be between ${POLL_MIN_DURATION_SECONDS} and ${POLL_MAX_DURATION_SECONDS} seconds`),
    ),
});
export type CreatePollBody = z.input<typeof CreatePollBody>;

export const EndBody = z.object({ isActive: z.literal(false, { error: 'It can only be ended' }) });
export type EndBody = z.infer<typeof EndBody>;

export const VoteBody = z.object({ optionId: z.uuid('Please choose an option') });
export type VoteBody = z.infer<typeof VoteBody>;

/** The signed-in user's own vote (SPEC 3 "Poll vote (own)"). */
export const PollVote = z.object({ optionId: z.uuid() });
export type PollVote = z.infer<typeof PollVote>;

// ---- Quizzes ----

/** What a viewer sees: never the correct answer while they can still answer. */
export const QuizQuestionPublic = z.object({
  id: z.uuid(),
  question: z.string(),
  options: z.array(z.string()).length(QUIZ_OPTIONS_PER_QUESTION),
  points: z.number().int(),
});
export const QuizQuestion = QuizQuestionPublic.extend({
  /** Present only for the stream owner. */
  correctAnswer: z.number().int().min(0).max(3).optional(),
});
export type QuizQuestion = z.infer<typeof QuizQuestion>;

export const Quiz = z.object({
  id: z.uuid(),
  streamId: z.uuid(),
  title: z.string(),
  isActive: z.boolean(),
  questions: z.array(QuizQuestion),
  createdAt: z.iso.datetime(),
});
export type Quiz = z.infer<typeof Quiz>;

const isComplete = (q: { question?: unknown; options?: unknown }) =>
  typeof q.question === 'string' &&
  q.question.trim() !== '' &&
  Array.isArray(q.options) &&
  q.options.length === QUIZ_OPTIONS_PER_QUESTION &&
  q.options.every((o) => typeof o === 'string' && o.trim() !== '');

export const CreateQuizQuestion = z.object({
  question: singleLine().min(1).max(QUIZ_QUESTION_MAX_LENGTH, 'A question is too long'),
  options: z.array(singleLine().min(1).max(QUIZ_OPTION_MAX_LENGTH, 'An option is too long')).length(QUIZ_OPTIONS_PER_QUESTION),
  correctAnswer: z.number().int().min(0, 'Pick the correct answer').max(QUIZ_OPTIONS_PER_QUESTION - 1, 'Pick the correct answer'),
  points: z
    .number()
    .int()
    .min(QUIZ_MIN_POINTS, `Points are ${QUIZ_MIN_POINTS} to ${QUIZ_MAX_POINTS}`)
    .max(QUIZ_MAX_POINTS, `Points are ${QUIZ_MIN_POINTS} to ${QUIZ_MAX_POINTS}`)
    .default(QUIZ_DEFAULT_POINTS),
});

// SPEC 5: 'Please enter a quiz title'; incomplete questions (blank text or any blank option) are dropped,
// and at least one complete question must remain ('Please add at least one complete question').
export const CreateQuizBody = z.object({
  title: singleLine().min(1, 'Please enter a quiz title').max(QUIZ_TITLE_MAX_LENGTH, 'The title is too long'),
  questions: z
    .array(z.looseObject({ question: z.unknown().optional(), options: z.unknown().optional() }))
    .transform((questions) => questions.filter(isComplete))
    .pipe(
      z
        .array(CreateQuizQuestion)
        .min(1, 'Please add at least one complete question')
        .max(QUIZ_MAX_QUESTIONS, `A quiz has at most ${QUIZ_MAX_QUESTIONS} questions`),
    ),
});
export type CreateQuizBody = z.input<typeof CreateQuizBody>;

export const AnswerBody = z.object({
  questionId: z.uuid('Invalid question id'),
  selectedOption: z.number().int().min(0, 'Pick one of the four options').max(QUIZ_OPTIONS_PER_QUESTION - 1, 'Pick one of the four options'),
});
export type AnswerBody = z.infer<typeof AnswerBody>;

export const AnswerResult = z.object({
  correct: z.boolean(),
  correctAnswer: z.number().int(),
  pointsAwarded: z.number().int(),
});
export type AnswerResult = z.infer<typeof AnswerResult>;

export const QuizAttempt = z.object({
  score: z.number().int(),
  answers: z.array(z.object({ questionId: z.uuid(), selectedOption: z.number().int(), isCorrect: z.boolean() })),
});
export type QuizAttempt = z.infer<typeof QuizAttempt>;

export const LeaderboardEntry = z.object({ displayName: z.string(), score: z.number().int() });
export type LeaderboardEntry = z.infer<typeof LeaderboardEntry>;

// ---- Wallet and gifts ----

export const Wallet = z.object({ balance: z.number().int() });
export type Wallet = z.infer<typeof Wallet>;

export const GiftIdSchema = z.enum(GIFTS.map((g) => g.id) as [(typeof GIFTS)[number]['id'], ...(typeof GIFTS)[number]['id'][]], {
  error: 'Unknown gift',
});

export const SendGiftBody = z.object({
  giftId: GiftIdSchema,
  /** A fresh uuid per tap: a retried request with the same key is charged once. */
  idempotencyKey: z.uuid('Invalid request key'),
});
export type SendGiftBody = z.infer<typeof SendGiftBody>;

export const RecentGift = z.object({
  id: z.uuid(),
  giftId: GiftIdSchema,
  senderName: z.string(),
  amount: z.number().int(),
  createdAt: z.iso.datetime(),
});
export type RecentGift = z.infer<typeof RecentGift>;
export const RecentGiftList = z.array(RecentGift);

export const GiftEarnings = z.object({ coins: z.number().int() });
export type GiftEarnings = z.infer<typeof GiftEarnings>;
