import { ALREADY_VOTED_MESSAGE, POLL_UPDATE_INTERVAL_MS, type Poll, type PollVote } from '@live-market/contract';
import type { Db } from '../../db/client.js';
import { HttpError } from '../../plugins/errors.js';
import type { Hub } from '../../realtime/hub.js';
import { createPollCache, toPoll, type PollState } from './poll-cache.js';
import { createBanCache } from './ban-cache.js';
import * as repo from './repository.js';
import type { VoteStore } from './vote-store.js';
import type { VoteWriter } from './vote-writer.js';

export interface PollsDeps {
  db: Db;
  hub: Hub;
  /** Decides each vote (Redis, or memory without it); the writer takes accepted votes to the database. */
  store: VoteStore;
  writer: VoteWriter;
}

/** Redis is away: no instance can tell a first vote from a second, so none is taken (decision 051). */
const paused = () => new HttpError(503, 'Voting is paused for a moment. Try again in a few seconds.', {}, 2);
const sum = (counts: Iterable<number>) => [...counts].reduce((a, b) => a + b, 0);

export function createPollsService({ db, hub, store, writer }: PollsDeps) {
  let closed = false;
  const endTimers = new Map<string, NodeJS.Timeout>();
  const pushTimers = new Map<string, NodeJS.Timeout>();
  const lastPushAt = new Map<string, number>();
  const cache = createPollCache((streamId) => loadLatest(streamId));
  // What a vote needs to know about its poll: fixed once the poll is created.
  const pollFacts = new Map<string, { streamId: string; sellerId: string; optionIds: Set<string> }>();
  const opening = new Map<string, Promise<void>>();
  const bans = createBanCache(db);

  /** An open poll's counts come from the store (every instance's votes, at once); an ended one's from the database. */
  async function countsOf(poll: repo.PollRow): Promise<Map<string, number>> {
    if (poll.isActive && store.available()) {
      const tallies = await store.tallies(poll.id).catch(() => null);
      if (tallies) return tallies;
    }
    return new Map((await repo.countPollVotes(db, poll.id)).map((c) => [c.optionId, Number(c.count)]));
  }

  async function loadState(poll: repo.PollRow): Promise<PollState> {
    const [options, countOf] = await Promise.all([repo.findPollOptions(db, poll.id), countsOf(poll)]);
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
    const [options, stream] = await Promise.all([repo.findPollOptions(db, pollId), streamOrThrow(poll.streamId)]);
    if (pollFacts.size >= 10_000) pollFacts.clear();
    const found = { streamId: poll.streamId, sellerId: stream.sellerId, optionIds: new Set(options.map((o) => o.id)) };
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
        expireDue({ pollId: poll.id }).catch(() => {});
      },
      Math.max(0, poll.endsAt.getTime() - Date.now()),
    );
    timer.unref();
    endTimers.set(poll.id, timer);
  }

  /**
   * The store does not know the poll (new to this Redis, restarted empty, or this instance restarted
   * without Redis): it is opened with the votes the database has. One opening per poll on this instance.
   */
  function openInStore(pollId: string): Promise<void> {
    let open = opening.get(pollId);
    if (!open) {
      open = (async () => {
        const poll = await pollOrThrow(pollId);
        if (!poll.isActive || (poll.endsAt && poll.endsAt.getTime() <= Date.now())) return store.close(pollId);
        // What this instance accepted is in the database before it is read.
        await writer.flush().catch(() => {});
        await store.seed(pollId, poll.endsAt?.getTime() ?? 0, await repo.pollVoters(db, pollId));
      })().finally(() => opening.delete(pollId));
      opening.set(pollId, open);
    }
    return open;
  }

  /**
   * After the store stopped taking votes for the poll: the database gets every vote it accepted before the
   * poll is reported ended. Usually each instance's next flush brings them; a vote whose instance died
   * before its flush is copied from the store (ON CONFLICT DO NOTHING keeps it once).
   */
  async function settle(pollId: string): Promise<void> {
    await writer.flush().catch(() => {});
    const tallies = store.available() ? await store.tallies(pollId).catch(() => null) : null;
    if (!tallies) return;
    const accepted = sum(tallies.values());
    if ((await repo.countAllPollVotes(db, pollId)) >= accepted) return;
    await new Promise((r) => setTimeout(r, 300));
    if ((await repo.countAllPollVotes(db, pollId)) >= accepted) return;
    await store.eachVote(pollId, (chunk) => repo.insertVotes(db, chunk.map(([userId, optionId]) => ({ pollId, userId, optionId }))));
  }

  /**
   * Polls past their end (the store refuses their votes by the clock already): settled, then marked ended.
   * Every viewer's refetch may find the poll overdue at once: one run per poll or stream at a time.
   */
  const expiring = new Map<string, Promise<repo.PollRow[]>>();
  function expireDue(where: { streamId?: string; pollId?: string }) {
    const key = where.pollId ?? `stream:${where.streamId}`;
    let run = expiring.get(key);
    if (!run) {
      run = (async () => {
        for (const due of await repo.duePolls(db, where)) {
          await store.close(due.id).catch(() => {});
          await settle(due.id);
        }
        const ended = await repo.expirePolls(db, where);
        for (const p of ended) changed(p.streamId, p.id);
        return ended;
      })().finally(() => expiring.delete(key));
      expiring.set(key, run);
    }
    return run;
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
        const ended = await expireDue({ pollId: state.poll.id });
        if (ended.length === 0) cache.invalidate(streamId);
      }
      return cache.json(streamId);
    },

    async create(userId: string, streamId: string, body: { question: string; options: string[]; durationMinutes: number }): Promise<Poll> {
      const stream = await streamOrThrow(streamId);
      if (stream.ownerId !== userId) throw new HttpError(403, 'Only the stream owner can create polls');
      if (!stream.isLive) throw new HttpError(409, 'This stream has ended');
      await expireDue({ streamId });
      let poll: repo.PollRow;
      try {
        poll = await db.transaction((tx) =>
          repo.insertPoll(tx, { streamId, question: body.question, options: body.options, durationSeconds: body.durationMinutes }),
        );
      } catch (error) {
        if (repo.isUniqueViolation(error)) throw new HttpError(409, 'This stream already has an active poll. End it before starting a new one.');
        throw error;
      }
      // Opened in the store now, so the first votes do not each look for it (when Redis is away: on the first vote after).
      if (store.available()) await store.seed(poll.id, poll.endsAt?.getTime() ?? 0, []).catch(() => {});
      scheduleEnd(poll);
      changed(streamId, poll.id);
      return toPoll(await loadState(poll));
    },

    async ownVote(userId: string, pollId: string): Promise<PollVote | null> {
      await pollOrThrow(pollId);
      // Accepted votes reach the database within a flush: the store answers first.
      const option = store.available() ? await store.voteOf(pollId, userId).catch(() => undefined) : undefined;
      if (option !== undefined) return option === null ? null : { optionId: option };
      return repo.findOwnVote(db, pollId, userId);
    },

    async vote(userId: string, pollId: string, optionId: string): Promise<PollVote> {
      // Known poll, fresh bans: no awaiting (most votes of a burst), the same checks in the same order.
      const poll = pollFacts.get(pollId) ?? (await facts(pollId));
      if (!poll.optionIds.has(optionId)) throw new HttpError(400, 'That option is not part of this poll');
      if (!bans.checkMayVote(poll.sellerId, userId)) await bans.assertMayVote(poll.sellerId, userId);
      if (!store.available()) throw paused();
      const cast = () => store.cast(pollId, userId, optionId, Date.now());
      let result: Awaited<ReturnType<typeof cast>>;
      try {
        result = await cast();
        if (result === 'unknown') {
          await openInStore(pollId);
          result = await cast();
        }
      } catch (error) {
        if (error instanceof HttpError) throw error;
        // Redis went away mid-vote. Had it taken the vote, a retry hears "already voted" and the poll's
        // close copies the vote from the store: nothing accepted is lost.
        throw paused();
      }
      if (result === 'accepted') {
        writer.add({ pollId, optionId, userId });
        cache.countVote(poll.streamId, pollId, optionId);
        schedulePush(poll.streamId, pollId);
        return { optionId };
      }
      if (result === 'already' || (await repo.findOwnVote(db, pollId, userId))) throw new HttpError(409, ALREADY_VOTED_MESSAGE);
      await expireDue({ pollId });
      throw new HttpError(409, 'This poll has ended');
    },

    /** Owner only. Ending twice is harmless. */
    async end(userId: string, pollId: string): Promise<Poll> {
      const poll = await pollOrThrow(pollId);
      const stream = await streamOrThrow(poll.streamId);
      if (stream.ownerId !== userId) throw new HttpError(403, 'Only the stream owner can end this poll');
      // The store stops taking votes first, so the final counts hold every vote it accepted.
      if (poll.isActive) {
        if (!store.available()) throw paused();
        await store.close(pollId).catch(() => {
          throw paused();
        });
        await settle(pollId);
      }
      const ended = await repo.endPoll(db, pollId);
      if (ended) {
        clearTimeout(endTimers.get(pollId));
        endTimers.delete(pollId);
        changed(poll.streamId, pollId);
      }
      return toPoll(await loadState(ended ?? (await pollOrThrow(pollId))));
    },

    /** Votes accepted here and not yet written are written before the database closes. */
    async close() {
      closed = true;
      await writer.flush().catch(() => {});
      for (const timer of [...endTimers.values(), ...pushTimers.values()]) clearTimeout(timer);
      endTimers.clear();
      pushTimers.clear();
      cache.clear();
    },
  };
}

export type PollsService = ReturnType<typeof createPollsService>;
