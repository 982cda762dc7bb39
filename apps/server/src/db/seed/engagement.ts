import { COIN_STARTING_BALANCE, GIFTS, type GiftId } from '@live-market/contract';
import { coinLedger, giftEvents, pollOptions, polls, pollVotes, quizAnswers, quizAttempts, quizQuestions, quizzes } from '../schema.js';
import type { Tx } from '../client.js';
import type { Sellers } from './sellers.js';
import type { StreamKey, Streams } from './streams.js';
import type { Clock } from './time.js';
import type { UserKey, Users } from './users.js';

interface PollSeed {
  question: string;
  options: string[];
  /** Voters and the index of the option they chose. */
  votes: [UserKey, number][];
  durationSeconds: number;
  openedMinutesAgo: number;
  active: boolean;
}

// Both polls are on Priya's live stream. The demo shopper voted in the finished one and can still
// vote in the active one. The active poll has no endsAt, so it stays open for the whole demo.
const POLLS: PollSeed[] = [
  {
    question: 'Which jhumka colour should we show next?',
    options: ['Ruby red', 'Emerald green', 'Pearl white'],
    votes: [['rahul', 1], ['sneha', 0], ['aditya', 0], ['fatima', 2], ['vikram', 0], ['harpreet', 1]],
    durationSeconds: 120,
    openedMinutesAgo: 18,
    active: false,
  },
  {
    question: 'Which necklace set should I show up close?',
    options: ['Kundan rani haar', 'Polki choker', 'Temple coin necklace'],
    votes: [['sneha', 0], ['fatima', 1], ['harpreet', 0], ['vikram', 2]],
    durationSeconds: 600,
    openedMinutesAgo: 3,
    active: true,
  },
];

export async function insertPolls(tx: Tx, users: Users, streamsByKey: Streams, clock: Clock): Promise<{ polls: number; votes: number }> {
  let votes = 0;
  for (const p of POLLS) {
    const createdAt = clock.minutesAgo(p.openedMinutesAgo);
    const [poll] = await tx
      .insert(polls)
      .values({
        streamId: streamsByKey.priyaLive.id,
        question: p.question,
        isActive: p.active,
        durationSeconds: p.durationSeconds,
        endsAt: p.active ? null : new Date(createdAt.getTime() + p.durationSeconds * 1000),
        createdAt,
      })
      .returning();
    if (!poll) throw new Error('seed: poll insert returned nothing');
    const options = await tx
      .insert(pollOptions)
      .values(p.options.map((text, position) => ({ pollId: poll.id, text, position })))
      .returning();
    const optionAt = (position: number) => {
      const option = options.find((o) => o.position === position);
      if (!option) throw new Error(`seed: poll "${p.question}" has no option ${position}`);
      return option;
    };
    const inserted = await tx
      .insert(pollVotes)
      .values(
        p.votes.map(([who, position], i) => ({
          pollId: poll.id,
          optionId: optionAt(position).id,
          userId: users[who].id,
          createdAt: new Date(createdAt.getTime() + (i + 1) * 10_000),
        })),
      )
      .returning({ id: pollVotes.id });
    votes += inserted.length;
  }
  return { polls: POLLS.length, votes };
}

const QUIZ_QUESTIONS = [
  {
    question: 'Which city is famous for Banarasi silk sarees?',
    options: ['Varanasi', 'Kanchipuram', 'Mysuru', 'Surat'],
    correctAnswer: 0,
  },
  {
    question: "What is 'zari' in a Banarasi saree?",
    options: ['A type of cotton', 'Gold or silver metallic thread', 'The saree border colour', 'An indigo dye'],
    correctAnswer: 1,
  },
];

// An active quiz on Anjali's live stream. Two viewers already finished it; the demo shopper has not.
const QUIZ_ATTEMPTS: [UserKey, number[]][] = [
  ['sneha', [0, 2]],
  ['harpreet', [0, 1]],
];

export async function insertQuiz(tx: Tx, users: Users, streamsByKey: Streams, clock: Clock): Promise<{ quizzes: number; attempts: number }> {
  const [quiz] = await tx
    .insert(quizzes)
    .values({ streamId: streamsByKey.anjaliLive.id, title: 'Know your Banarasi?', isActive: true, createdAt: clock.minutesAgo(6) })
    .returning();
  if (!quiz) throw new Error('seed: quiz insert returned nothing');
  const questions = await tx
    .insert(quizQuestions)
    .values(QUIZ_QUESTIONS.map((q, position) => ({ ...q, quizId: quiz.id, position, points: 10 })))
    .returning();
  questions.sort((a, b) => a.position - b.position);

  for (const [i, [who, picks]] of QUIZ_ATTEMPTS.entries()) {
    const startedAt = clock.minutesAgo(5 - i);
    const graded = questions.map((q, n) => {
      const selectedOption = picks[n] ?? 0;
      const isCorrect = selectedOption === q.correctAnswer;
      return { questionId: q.id, selectedOption, isCorrect, pointsAwarded: isCorrect ? q.points : 0 };
    });
    const [attempt] = await tx
      .insert(quizAttempts)
      .values({
        quizId: quiz.id,
        userId: users[who].id,
        score: graded.reduce((sum, g) => sum + g.pointsAwarded, 0),
        startedAt,
        completedAt: new Date(startedAt.getTime() + 45_000),
      })
      .returning();
    if (!attempt) throw new Error('seed: quiz attempt insert returned nothing');
    await tx.insert(quizAnswers).values(
      graded.map((g, n) => ({ ...g, attemptId: attempt.id, createdAt: new Date(startedAt.getTime() + (n + 1) * 20_000) })),
    );
  }
  return { quizzes: 1, attempts: QUIZ_ATTEMPTS.length };
}

// [sender, live stream, gift, minutes after the stream started]
const GIFTS_SENT: [UserKey, StreamKey, GiftId, number][] = [
  ['aditya', 'priyaLive', 'star', 6],
  ['sneha', 'priyaLive', 'fire', 9],
  ['rahul', 'priyaLive', 'diamond', 12],
  ['vikram', 'priyaLive', 'crown', 16],
  ['rahul', 'anjaliLive', 'heart', 4],
  ['fatima', 'anjaliLive', 'coffee', 7],
  ['harpreet', 'anjaliLive', 'star', 9],
];

function priceOf(giftId: GiftId): number {
  const gift = GIFTS.find((g) => g.id === giftId);
  if (!gift) throw new Error(`seed: unknown gift ${giftId}`);
  return gift.price;
}

/** Every user's welcome bonus, then the gifts with their two ledger entries each. */
export async function insertCoins(tx: Tx, users: Users, sellersByKey: Sellers, streamsByKey: Streams): Promise<{ gifts: number; ledger: number }> {
  const sellerOwner = new Map(Object.values(sellersByKey).map((s) => [s.id, s.userId]));
  const ledger: (typeof coinLedger.$inferInsert)[] = Object.values(users).map((u) => ({
    userId: u.id,
    delta: COIN_STARTING_BALANCE,
    reason: 'welcome_bonus' as const,
    createdAt: u.createdAt,
  }));

  const events = await tx
    .insert(giftEvents)
    .values(
      GIFTS_SENT.map(([who, streamKey, giftId, minute]) => {
        const stream = streamsByKey[streamKey];
        return {
          streamId: stream.id,
          senderId: users[who].id,
          sellerId: stream.sellerId,
          giftId,
          amount: priceOf(giftId),
          createdAt: new Date(stream.startedAt!.getTime() + minute * 60_000),
        };
      }),
    )
    .returning();
  for (const e of events) {
    const receiver = sellerOwner.get(e.sellerId);
    if (!receiver) throw new Error('seed: gift to an unknown seller');
    ledger.push(
      { userId: e.senderId, delta: -e.amount, reason: 'gift_sent', referenceId: e.id, createdAt: e.createdAt },
      { userId: receiver, delta: e.amount, reason: 'gift_received', referenceId: e.id, createdAt: e.createdAt },
    );
  }
  const rows = await tx.insert(coinLedger).values(ledger).returning({ id: coinLedger.id });
  return { gifts: events.length, ledger: rows.length };
}
