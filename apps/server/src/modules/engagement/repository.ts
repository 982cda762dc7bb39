import { and, asc, desc, eq, isNotNull, lte, sql, sum } from 'drizzle-orm';
import { COIN_STARTING_BALANCE } from '@live-market/contract';
import type { Db, Tx } from '../../db/client.js';
import { user } from '../auth/tables.js';
import { sellers } from '../sellers/tables.js';
import { streams } from '../streams/tables.js';
import { coinLedger, giftEvents, pollOptions, polls, pollVotes, quizAnswers, quizAttempts, quizQuestions, quizzes } from './tables.js';
import { isUniqueViolation } from '../../db/errors.js';
export { isUniqueViolation };

type Conn = Db | Tx;
export type PollRow = typeof polls.$inferSelect;
export type QuizRow = typeof quizzes.$inferSelect;
export type GiftRow = typeof giftEvents.$inferSelect;


export async function findStreamOwner(db: Conn, streamId: string) {
  const [row] = await db
    .select({ id: streams.id, isLive: streams.isLive, sellerId: sellers.id, ownerId: sellers.userId })
    .from(streams)
    .innerJoin(sellers, eq(sellers.id, streams.sellerId))
    .where(eq(streams.id, streamId))
    .limit(1);
  return row ?? null;
}

// ---- Polls ----

export async function findPoll(db: Conn, pollId: string, lock?: 'share' | 'update') {
  const query = db.select().from(polls).where(eq(polls.id, pollId)).limit(1);
  const [row] = lock ? await query.for(lock) : await query;
  return row ?? null;
}

export async function findLatestPoll(db: Conn, streamId: string) {
  const [row] = await db.select().from(polls).where(eq(polls.streamId, streamId)).orderBy(desc(polls.createdAt)).limit(1);
  return row ?? null;
}

/** Active polls past their deadline (of one stream, or one poll), not yet marked ended. */
export async function duePolls(db: Conn, where: { streamId?: string; pollId?: string }, now = new Date()) {
  return db
    .select({ id: polls.id })
    .from(polls)
    .where(
      and(
        eq(polls.isActive, true),
        isNotNull(polls.endsAt),
        lte(polls.endsAt, now),
        where.streamId ? eq(polls.streamId, where.streamId) : undefined,
        where.pollId ? eq(polls.id, where.pollId) : undefined,
      ),
    );
}

/** Ends active polls past their deadline (of one stream, or one poll); returns the ones it ended. */
export async function expirePolls(db: Conn, where: { streamId?: string; pollId?: string }, now = new Date()) {
  return db
    .update(polls)
    .set({ isActive: false })
    .where(
      and(
        eq(polls.isActive, true),
        isNotNull(polls.endsAt),
        lte(polls.endsAt, now),
        where.streamId ? eq(polls.streamId, where.streamId) : undefined,
        where.pollId ? eq(polls.id, where.pollId) : undefined,
      ),
    )
    .returning();
}

export async function insertPoll(tx: Tx, values: { streamId: string; question: string; durationSeconds: number; options: string[] }) {
  const endsAt = new Date(Date.now() + values.durationSeconds * 1000);
  const [poll] = await tx
    .insert(polls)
    .values({ streamId: values.streamId, question: values.question, durationSeconds: values.durationSeconds, endsAt })
    .returning();
  await tx.insert(pollOptions).values(values.options.map((text, position) => ({ pollId: poll!.id, text, position })));
  return poll!;
}

export async function endPoll(db: Conn, pollId: string) {
  const [row] = await db
    .update(polls)
    .set({ isActive: false })
    .where(and(eq(polls.id, pollId), eq(polls.isActive, true)))
    .returning();
  return row ?? null;
}

export async function findPollOptions(db: Conn, pollId: string) {
  return db.select().from(pollOptions).where(eq(pollOptions.pollId, pollId)).orderBy(asc(pollOptions.position));
}

export async function countPollVotes(db: Conn, pollId: string) {
  return db
    .select({ optionId: pollVotes.optionId, count: sql<number>`count(*)::int` })
    .from(pollVotes)
    .where(eq(pollVotes.pollId, pollId))
    .groupBy(pollVotes.optionId);
}

export async function findOwnVote(db: Conn, pollId: string, userId: string) {
  const [row] = await db
    .select({ optionId: pollVotes.optionId })
    .from(pollVotes)
    .where(and(eq(pollVotes.pollId, pollId), eq(pollVotes.userId, userId)))
    .limit(1);
  return row ?? null;
}

export interface VoteRow {
  pollId: string;
  optionId: string;
  userId: string;
}

const uuidArray = (ids: string[]) => `{${ids.join(',')}}`;

/**
 * Votes already decided by the vote store (decision 051), many in one statement: three array parameters
 * however many rows. A repeat is skipped by the (poll, user) key; a vote whose option or voter was
 * deleted meanwhile is skipped by the joins, so one bad row never holds the batch back.
 */
export async function insertVotes(db: Conn, votes: VoteRow[]) {
  for (let i = 0; i < votes.length; i += 5000) {
    const chunk = votes.slice(i, i + 5000);
    await db.execute(sql`
      insert into ${pollVotes} (poll_id, option_id, user_id)
      select v.poll_id, v.option_id, v.user_id
      from unnest(${uuidArray(chunk.map((v) => v.pollId))}::uuid[], ${uuidArray(chunk.map((v) => v.optionId))}::uuid[], ${uuidArray(chunk.map((v) => v.userId))}::uuid[])
        as v(poll_id, option_id, user_id)
      join ${pollOptions} o on o.id = v.option_id and o.poll_id = v.poll_id
      join ${user} u on u.id = v.user_id
      on conflict do nothing`);
  }
}

/** Every vote of the poll as [userId, optionId]: what a vote store that lost the poll is seeded with. */
export async function pollVoters(db: Conn, pollId: string): Promise<Array<[string, string]>> {
  const rows = await db.select({ userId: pollVotes.userId, optionId: pollVotes.optionId }).from(pollVotes).where(eq(pollVotes.pollId, pollId));
  return rows.map((r) => [r.userId, r.optionId]);
}

export async function countAllPollVotes(db: Conn, pollId: string): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(pollVotes).where(eq(pollVotes.pollId, pollId));
  return Number(row?.n ?? 0);
}

// ---- Quizzes ----

export async function findQuiz(db: Conn, quizId: string, lock?: 'share' | 'update') {
  const query = db.select().from(quizzes).where(eq(quizzes.id, quizId)).limit(1);
  const [row] = lock ? await query.for(lock) : await query;
  return row ?? null;
}

export async function findLatestQuiz(db: Conn, streamId: string) {
  const [row] = await db.select().from(quizzes).where(eq(quizzes.streamId, streamId)).orderBy(desc(quizzes.createdAt)).limit(1);
  return row ?? null;
}

export async function findQuizQuestions(db: Conn, quizId: string) {
  return db.select().from(quizQuestions).where(eq(quizQuestions.quizId, quizId)).orderBy(asc(quizQuestions.position));
}

export async function insertQuiz(
  tx: Tx,
  values: { streamId: string; title: string; questions: { question: string; options: string[]; correctAnswer: number; points: number }[] },
) {
  const [quiz] = await tx.insert(quizzes).values({ streamId: values.streamId, title: values.title }).returning();
  await tx.insert(quizQuestions).values(values.questions.map((q, position) => ({ ...q, quizId: quiz!.id, position })));
  return quiz!;
}

export async function endQuiz(db: Conn, quizId: string) {
  const [row] = await db
    .update(quizzes)
    .set({ isActive: false })
    .where(and(eq(quizzes.id, quizId), eq(quizzes.isActive, true)))
    .returning();
  return row ?? null;
}

export async function findAttempt(db: Conn, quizId: string, userId: string, lock = false) {
  const query = db
    .select()
    .from(quizAttempts)
    .where(and(eq(quizAttempts.quizId, quizId), eq(quizAttempts.userId, userId)))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/** The user's attempt, created on their first answer and locked so their answers take turns. */
export async function lockOrCreateAttempt(tx: Tx, quizId: string, userId: string) {
  await tx.insert(quizAttempts).values({ quizId, userId }).onConflictDoNothing();
  return (await findAttempt(tx, quizId, userId, true))!;
}

export async function findAnswers(db: Conn, attemptId: string) {
  return db
    .select({ questionId: quizAnswers.questionId, selectedOption: quizAnswers.selectedOption, isCorrect: quizAnswers.isCorrect })
    .from(quizAnswers)
    .where(eq(quizAnswers.attemptId, attemptId))
    .orderBy(asc(quizAnswers.createdAt));
}

export async function insertAnswer(tx: Tx, values: typeof quizAnswers.$inferInsert) {
  await tx.insert(quizAnswers).values(values);
}

export async function addScore(tx: Tx, attemptId: string, points: number, completed: boolean) {
  await tx
    .update(quizAttempts)
    .set({ score: sql`${quizAttempts.score} + ${points}`, ...(completed ? { completedAt: new Date() } : {}) })
    .where(eq(quizAttempts.id, attemptId));
}

export async function topScorers(db: Conn, quizId: string, limit: number) {
  return db
    .select({ score: quizAttempts.score, firstName: user.firstName, lastName: user.lastName })
    .from(quizAttempts)
    .innerJoin(user, eq(user.id, quizAttempts.userId))
    .where(eq(quizAttempts.quizId, quizId))
    .orderBy(desc(quizAttempts.score), asc(quizAttempts.startedAt))
    .limit(limit);
}

// ---- Wallet and gifts ----

/**
 * Welcome coins: every user starts with COIN_STARTING_BALANCE. It is written as one 'welcome_bonus'
 * ledger row on the user's first wallet touch (the seed writes the same row for seeded users), and the
 * unique partial index coin_ledger_welcome_uq makes the write idempotent: the balance is always just
 * the sum of the ledger, with nothing implicit to double count.
 */
export async function ensureWelcomeBonus(db: Conn, userId: string) {
  await db.insert(coinLedger).values({ userId, delta: COIN_STARTING_BALANCE, reason: 'welcome_bonus' }).onConflictDoNothing();
}

export async function balanceOf(db: Conn, userId: string): Promise<number> {
  const [row] = await db.select({ total: sum(coinLedger.delta) }).from(coinLedger).where(eq(coinLedger.userId, userId));
  return Number(row?.total ?? 0);
}

/** Locks the user's row: a user's wallet writes take turns, so two sends can never spend the same coins. */
export async function lockWallet(tx: Tx, userId: string) {
  const [row] = await tx.select({ id: user.id, firstName: user.firstName, lastName: user.lastName }).from(user).where(eq(user.id, userId)).for('update');
  return row ?? null;
}

export async function findGiftByKey(db: Conn, senderId: string, idempotencyKey: string) {
  const [row] = await db
    .select()
    .from(giftEvents)
    .where(and(eq(giftEvents.senderId, senderId), eq(giftEvents.idempotencyKey, idempotencyKey)))
    .limit(1);
  return row ?? null;
}

export async function insertGift(tx: Tx, values: typeof giftEvents.$inferInsert, receiverUserId: string) {
  const [gift] = await tx.insert(giftEvents).values(values).returning();
  await tx.insert(coinLedger).values([
    { userId: values.senderId, delta: -values.amount, reason: 'gift_sent', referenceId: gift!.id },
    { userId: receiverUserId, delta: values.amount, reason: 'gift_received', referenceId: gift!.id },
  ]);
  return gift!;
}

export async function recentGifts(db: Conn, streamId: string, limit: number) {
  return db
    .select({ gift: giftEvents, firstName: user.firstName, lastName: user.lastName })
    .from(giftEvents)
    .innerJoin(user, eq(user.id, giftEvents.senderId))
    .where(eq(giftEvents.streamId, streamId))
    .orderBy(desc(giftEvents.createdAt), desc(giftEvents.id))
    .limit(limit);
}

export async function earnings(db: Conn, streamId: string): Promise<number> {
  const [row] = await db.select({ total: sum(giftEvents.amount) }).from(giftEvents).where(eq(giftEvents.streamId, streamId));
  return Number(row?.total ?? 0);
}

/** A paid coin pack: credited once per payment (coin_ledger_top_up_uq), however often its capture is reported. */
export async function creditCoinPurchase(tx: Tx, userId: string, coins: number, paymentId: string) {
  await tx.insert(coinLedger).values({ userId, delta: coins, reason: 'top_up', referenceId: paymentId }).onConflictDoNothing();
}
