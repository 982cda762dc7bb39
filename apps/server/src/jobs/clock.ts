/** What "now" is for timed work (deadlines, reminders): the system clock, or a test's TestClock. */
export interface Clock {
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

/** Told when a TestClock moves, with the new time; awaited before setTime() or tick() returns. */
export type ClockListener = (now: number) => Promise<void>;

const toMillis = (t: Date | number): number => (t instanceof Date ? t.getTime() : t);

/**
 * A clock a test moves by hand. The job queue listens to it (decision 039): when it moves, jobs whose
 * start time it has passed are made due in the database, and the queue's workers fetch at once.
 * Start it at or after the wall clock, as the default does: a job is also due when the database's
 * own now() passes its start time, so a clock behind the wall clock would see jobs run early.
 */
export class TestClock implements Clock {
  #now: number;
  readonly #listeners = new Set<ClockListener>();

  constructor(start: Date | number = Date.now()) {
    this.#now = toMillis(start);
  }

  now(): number {
    return this.#now;
  }

  /** Jumps to `t` (forwards or backwards) and waits for the listeners (the queues) to catch up. */
  async setTime(t: Date | number): Promise<void> {
    this.#now = toMillis(t);
    for (const listener of [...this.#listeners]) await listener(this.#now);
  }

  /** Moves on by `ms`. */
  tick(ms: number): Promise<void> {
    return this.setTime(this.#now + ms);
  }

  /** Returns a function that stops listening. */
  listen(listener: ClockListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }
}
