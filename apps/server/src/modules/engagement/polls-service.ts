import { ALREADY_VOTED_MESSAGE, POLL_UPDATE_INTERVAL_MS, type Poll, type PollVote } from '@live-market/contract';
import type { Db } from '../../db/client.js';
import { HttpError } from '../../plugins/errors.js';
import type { Hub } from '../../realtime/hub.js';
import * as repo from './repository.js';

export interface PollsDeps {
  db: Db;
  hub: Hub;
}

const pollEnded = (poll: repo.PollRow, now = Date.now()) => !poll.isActive || (poll.endsAt !== null && poll.endsAt.getTime() <= now);

export function createPollsService({ db, hub }: PollsDeps) {
  let closed = false;
  const endTimers = new Map<string, NodeJS.Timeout>();
  const pushTimers = new Map<string, NodeJS.Timeout>();
  const lastPushAt = new Map<string, number>();

  async function snapshot(poll: repo.PollRow): Promise<Poll> {
    const [options, votes] = await Promise.all([repo.findPollOptions(db, poll.id), repo.findPollVotes(db, poll.id)]);
    return {
      id: poll.id,
      streamId: poll.streamId,
      question: poll.question,
      isActive: poll.isActive,
      durationSeconds: poll.durationSeconds,
      endsAt: poll.endsAt?.toISOString() ?? null,
      createdAt: poll.createdAt.toISOString(),
      options: options.map((o) => ({ id: o.id, text: o.text, votes: votes.filter((v) => v.optionId === o.id).map((v) => v.userId) })),
    };
  }

  // poll_updated: leading edge when quiet, then at most one per POLL_UPDATE_INTERVAL_MS per poll,
  // always carrying the latest counts (read when the timer fires, not when the vote came in).
  function schedulePush(pollId: string) {
    if (closed || pushTimers.has(pollId)) return;
    const wait = Math.max(0, (lastPushAt.get(pollId) ?? 0) + POLL_UPDATE_INTERVAL_MS - Date.now());
    const timer = setTimeout(() => {
      pushTimers.delete(pollId);
      lastPushAt.set(pollId, Date.now());
      void (async () => {
        const poll = await repo.findPoll(db, pollId);
        if (!poll || closed) return;
        await hub.broadcast(poll.streamId, { type: 'poll_updated', streamId: poll.streamId, poll: await snapshot(poll) });
      })().catch(() => {
        // Database or bus gone (shutdown): viewers still refetch the poll every 2 s.
      });
    }, wait);
    timer.unref();
    pushTimers.set(pollId, timer);
  }

  // The timer ends the poll on this instance; reads also end overdue polls, which covers restarts
  // and polls created on another instance.
  function scheduleEnd(poll: repo.PollRow) {
    if (closed || !poll.endsAt) return;
    const timer = setTimeout(
      () => {
        endTimers.delete(poll.id);
        repo
          .expirePolls(db, { pollId: poll.id })
          .then((ended) => ended.forEach((p) => schedulePush(p.id)))
          .catch(() => {});
      },
      Math.max(0, poll.endsAt.getTime() - Date.now()),
    );
    timer.unref();
    endTimers.set(poll.id, timer);
  }

  async function streamOrThrow(streamId: string) {
    const stream = await repo.findStreamOwner(db, streamId);
    if (!stream) throw new HttpError(404, 'Stream not found');
    return stream;
  }

  async function pollOrThrow(pollId: string) {
    const poll = await repo.findPoll(db, pollId);
    if (!poll) throw new HttpError(404, 'Poll not found');
    return poll;
  }

  return {
    /** The stream's latest poll, active or ended (so viewers see 'Ended' and the final results), or null. */
    async active(streamId: string): Promise<Poll | null> {
      let poll = await repo.findLatestPoll(db, streamId);
      if (poll?.isActive && pollEnded(poll)) {
        // Past its deadline but still marked active (its timer ran on another instance, or before a restart).
        const [ended] = await repo.expirePolls(db, { pollId: poll.id });
        if (ended) schedulePush(ended.id);
        poll = ended ?? (await repo.findPoll(db, poll.id));
      }
      return poll ? snapshot(poll) : null;
    },

    async create(userId: string, streamId: string, body: { question: string; options: string[]; durationMinutes: number }): Promise<Poll> {
      const stream = await streamOrThrow(streamId);
      if (stream.ownerId !== userId) throw new HttpError(403, 'Only the stream owner can create polls');
      if (!stream.isLive) throw new HttpError(409, 'This stream has ended');
      await repo.expirePolls(db, { streamId });
      let poll: repo.PollRow;
      try {
        poll = await db.transaction((tx) =>
          repo.insertPoll(tx, { streamId, question: body.question, options: body.options, durationSeconds: body.durationMinutes }),
        );
      } catch (error) {
        if (repo.isUniqueViolation(error)) throw new HttpError(409, 'This stream already has an active poll. End it before starting a new one.');
        throw error;
      }
      scheduleEnd(poll);
      schedulePush(poll.id);
      return snapshot(poll);
    },

    async ownVote(userId: string, pollId: string): Promise<PollVote | null> {
      await pollOrThrow(pollId);
      return repo.findOwnVote(db, pollId, userId);
    },

    async vote(userId: string, pollId: string, optionId: string): Promise<PollVote> {
      const poll = await pollOrThrow(pollId);
      if (pollEnded(poll)) {
        await repo.expirePolls(db, { pollId }).then((ended) => ended.forEach((p) => schedulePush(p.id)));
        throw new HttpError(409, 'This poll has ended');
      }
      const options = await repo.findPollOptions(db, pollId);
      if (!options.some((o) => o.id === optionId)) throw new HttpError(400, 'That option is not part of this poll');
      // The poll row is share-locked so a vote cannot slip in after the owner's end commits.
      const inserted = await db.transaction(async (tx) => {
        const locked = await repo.findPoll(tx, pollId, 'share');
        if (!locked || pollEnded(locked)) throw new HttpError(409, 'This poll has ended');
        return repo.insertVote(tx, { pollId, optionId, userId });
      });
      if (!inserted) throw new HttpError(409, ALREADY_VOTED_MESSAGE);
      schedulePush(pollId);
      return { optionId };
    },

    /** Owner only. Ending twice is harmless. */
    async end(userId: string, pollId: string): Promise<Poll> {
      const poll = await pollOrThrow(pollId);
      const stream = await streamOrThrow(poll.streamId);
      if (stream.ownerId !== userId) throw new HttpError(403, 'Only the stream owner can end this poll');
      const ended = await repo.endPoll(db, pollId);
      if (ended) {
        clearTimeout(endTimers.get(pollId));
        endTimers.delete(pollId);
        schedulePush(pollId);
      }
      return snapshot(ended ?? (await pollOrThrow(pollId)));
    },

    close() {
      closed = true;
      for (const timer of [...endTimers.values(), ...pushTimers.values()]) clearTimeout(timer);
      endTimers.clear();
      pushTimers.clear();
    },
  };
}

export type PollsService = ReturnType<typeof createPollsService>;
