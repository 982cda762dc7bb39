import type { FastifyBaseLogger } from 'fastify';
import type { JobQueue } from './queue.js';

/**
 * Deadlines measured in seconds (an auction's end, a deal's, a 2-minute hold): a timer on this instance
 * fires on time, and the same deadline goes to the job queue, so another instance (or this one after a
 * restart) still acts on it if this one is gone. Handlers must be idempotent: they re-read the row,
 * under its lock, and do nothing when it is not due or already done.
 */
export interface Deadlines {
  define<T extends object>(name: string, handle: (data: T) => Promise<void>): void;
  /** After the commit that set the deadline. The same name and key again replaces this instance's timer. */
  at<T extends object>(name: string, key: string, data: T, when: number): void;
  close(): void;
}

// A job fires this long after its deadline: the local timer normally got there first.
const QUEUE_SLACK_MS = 2_000;

export function createDeadlines(opts: { queue: JobQueue; log: FastifyBaseLogger; now: () => number }): Deadlines {
  const { queue, log, now } = opts;
  const handlers = new Map<string, (data: object) => Promise<void>>();
  const timers = new Map<string, NodeJS.Timeout>();
  let closed = false;

  function run(name: string, data: object) {
    handlers
      .get(name)!(data)
      .catch((err: unknown) => log.error({ err, job: name, data }, 'deadline work failed; the queued job will retry it'));
  }

  return {
    define(name, handle) {
      handlers.set(name, handle as (data: object) => Promise<void>);
      queue.define(name, handle);
    },
    at(name, key, data, when) {
      if (closed) return;
      const id = `${name}:${key}`;
      clearTimeout(timers.get(id));
      const timer = setTimeout(() => {
        timers.delete(id);
        run(name, data);
      }, Math.max(0, when - now()) + 5);
      timer.unref();
      timers.set(id, timer);
      queue
        .send(name, [{ key, data, startAfter: new Date(when + QUEUE_SLACK_MS) }])
        .catch((err: unknown) => log.error({ err, job: name }, 'queueing a deadline failed; this instance still keeps it'));
    },
    close() {
      closed = true;
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
    },
  };
}
