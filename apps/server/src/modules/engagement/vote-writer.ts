import type { Db } from '../../db/client.js';
import { insertVotes, type VoteRow } from './repository.js';

/**
 * Votes this instance accepted, written to PostgreSQL together every `intervalMs` (decision 051): a burst
 * of thousands is a few multi-row inserts, not thousands of statements. A failed write is kept and tried
 * again; ON CONFLICT DO NOTHING makes a repeat (or the close's own copy from the store) harmless.
 */
export function createVoteWriter(db: Db, { intervalMs = 250, onError = () => {} }: { intervalMs?: number; onError?: (err: unknown) => void } = {}) {
  let pending: VoteRow[] = [];
  let timer: NodeJS.Timeout | null = null;
  let writing: Promise<void> = Promise.resolve();

  async function write(): Promise<void> {
    const batch = pending;
    pending = [];
    if (batch.length === 0) return;
    try {
      await insertVotes(db, batch);
    } catch (error) {
      pending = batch.concat(pending);
      onError(error);
      throw error;
    }
  }

  /** Waits for the write under way, then writes what is left; rejects when the database refused it. */
  function flush(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = null;
    writing = writing.catch(() => {}).then(write);
    return writing;
  }

  function schedule() {
    if (timer) return;
    timer = setTimeout(() => {
      timer = null;
      flush().catch(() => {
        // Kept in `pending`: the next vote or the close tries again.
        schedule();
      });
    }, intervalMs);
    timer.unref();
  }

  return {
    add(vote: VoteRow) {
      pending.push(vote);
      schedule();
    },
    /** Accepted here and not yet in the database (of one poll, or all). */
    pendingCount(pollId?: string) {
      return pollId ? pending.filter((v) => v.pollId === pollId).length : pending.length;
    },
    flush,
  };
}

export type VoteWriter = ReturnType<typeof createVoteWriter>;
