import { ALREADY_VOTED_MESSAGE, POLL_UPDATE_INTERVAL_MS, type Poll, type PollVote } from '@live-market/contract';
import type { Db } from '../../db/client.js';
import { assertMayTakePart } from '../moderation/index.js';
import { HttpError } from '../../plugins/errors.js';
import type { Hub } from '../../realtime/hub.js';
import { createPollCache, toPoll, type PollState } from './poll-cache.js';
import * as repo from './repository.js';

export interface PollsDeps {
  db: Db;
  hub: Hub;
}

export function createPollsService({ db, hub }: PollsDeps) {
  let closed = false;
  const endTimers = new Map<string, NodeJS.Timeout>();
  const pushTimers = new Map<string, NodeJS.Timeout>();
  const lastPushAt = new Map<string, number>();
  const cache = createPollCache((streamId) => loadLatest(streamId));
  // What a vote needs to know about its poll: fixed once the poll is created.
  const pollFacts = new Map<string, { streamId: string; optionIds: Set<string> }>();

  async function loadState(poll: repo.PollRow): Promise<PollState> {
    const [options, counts] = await Promise.all([repo.findPollOptions(db, poll.id), repo.countPollVotes(db, poll.id)]);
    const countOf = new Map(counts.map((c) => [c.optionId, Number(c.count)]));
    return {
      poll: {
        id: poll.id,
        streamId: poll.streamId,
        question: poll.question,
        isActive: poll.isActive,
        durationSeconds: poll.durationSeconds,
        endsAt: poll.endsAt?.toISOString() ?? null,
        createdAt: poll.createdAt.toISOString(),
      },
      options: options.map((o) => ({ id: o.id, text: o.text, count: countOf.get(o.id) ?? 0 })),
    };
  }

  async function loadLatest(streamId: string): Promise<PollState | null> {
    const poll = await repo.findLatestPoll(db, streamId);
    return poll ? loadState(poll) : null;
  }

  async function facts(pollId: string) {
    const known = pollFacts.get(pollId);
    if (known) return known;
    const poll = await pollOrThrow(pollId);
    const options = await repo.findPollOptions(db, pollId);
    if (pollFacts.size >= 10_000) pollFacts.clear();
    const found = { streamId: poll.streamId, optionIds: new Set(options.map((o) => o.id)) };
    pollFacts.set(pollId, found);
    return found;
  }

  function changed(streamId: string, pollId: string) {
    cache.invalidate(streamId);
    schedulePush(streamId, pollId);
  }

  // poll_updated: leading edge when quiet, then at most one per POLL_UPDATE_INTERVAL_MS per poll,
  // always carrying the latest counts (read when the timer fires, not when the vote came in).
  function schedulePush(streamId: string, pollId: string) {
    if (closed || pushTimers.has(pollId)) return;
    const wait = Math.max(0, (lastPushAt.get(pollId) ?? 0) + POLL_UPDATE_INTERVAL_MS - Date.now());
    const timer = setTimeout(() => {
      pushTimers.delete(pollId);
      lastPushAt.set(pollId, Date.now());
      void (async () => {
        const poll = await repo.findPoll(db, pollId);
        if (!poll || closed) return;
        await hub.broadcast(streamId, { type: 'poll_updated', streamId, poll: toPoll(await loadState(poll)) });
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
          .then((ended) => ended.forEach((p) => changed(p.streamId, p.id)))
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
    /** The stream's latest poll, active or ended (so viewers see 'Ended' and the final results), as JSON. */
    async activeJson(streamId: string): Promise<string> {
      const state = await cache.get(streamId);
      if (state?.poll.isActive && state.poll.endsAt && Date.parse(state.poll.endsAt) <= Date.now()) {
        // Past its deadline but still marked active (its timer ran on another instance, or before a restart).
        const ended = await repo.expirePolls(db, { pollId: state.poll.id });
        if (ended.length > 0) changed(streamId, state.poll.id);
        else cache.invalidate(streamId);
      }
      return cache.json(streamId);
    },

    async create(userId: string, streamId: string, body: { question: string; options: string[]; durationMinutes: number }): Promise<Poll> {
      const stream = await streamOrThrow(streamId);
      if (stream.ownerId !== userId) throw new HttpError(403, 'Only the stream owner can create polls');
      if (!stream.isLive) throw new HttpError(409, 'This stream has ended');
      for (const ended of await repo.expirePolls(db, { streamId })) changed(streamId, ended.id);
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
      changed(streamId, poll.id);
      return toPoll(await loadState(poll));
    },

    async ownVote(userId: string, pollId: string): Promise<PollVote | null> {
      await pollOrThrow(pollId);
      return repo.findOwnVote(db, pollId, userId);
    },

    async vote(userId: string, pollId: string, optionId: string): Promise<PollVote> {
      const poll = await facts(pollId);
      if (!poll.optionIds.has(optionId)) throw new HttpError(400, 'That option is not part of this poll');
      await assertMayTakePart(db, (await streamOrThrow(poll.streamId)).sellerId, userId);
      if (await repo.insertVoteIfOpen(db, { pollId, optionId, userId })) {
        cache.countVote(poll.streamId, pollId, optionId);
        schedulePush(poll.streamId, pollId);
        return { optionId };
      }
      if (await repo.findOwnVote(db, pollId, userId)) throw new HttpError(409, ALREADY_VOTED_MESSAGE);
      const ended = await repo.expirePolls(db, { pollId });
      if (ended.length > 0) changed(poll.streamId, pollId);
      throw new HttpError(409, 'This poll has ended');
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
        changed(poll.streamId, pollId);
      }
      return toPoll(await loadState(ended ?? (await pollOrThrow(pollId))));
    },

    close() {
      closed = true;
      for (const timer of [...endTimers.values(), ...pushTimers.values()]) clearTimeout(timer);
      endTimers.clear();
      pushTimers.clear();
      cache.clear();
    },
  };
}

export type PollsService = ReturnType<typeof createPollsService>;
