export type BackoffOptions = {
  /** Delay of the first retry. */
  minMs: number;
  /** The delay never grows past this. */
  maxMs: number;
  /** Source of randomness in [0, 1); injectable for tests. */
  random?: () => number;
};

/**
 * Exponential backoff with jitter: attempt 0 waits about minMs, each later attempt doubles it up to
 * maxMs. The jitter keeps the delay within [50%, 100%] of that ceiling, so thousands of viewers who
 * lost the server at the same moment do not all come back in the same instant.
 */
export function backoffDelay(attempt: number, { minMs, maxMs, random = Math.random }: BackoffOptions): number {
  const ceiling = Math.min(maxMs, minMs * 2 ** Math.max(0, attempt));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}
