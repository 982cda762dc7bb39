import { hasLinkOrPhone } from './contact.js';
import { defaultKeywordFilter, type KeywordFilter } from './keywords.js';

/** How long one slice of warming may hold the event loop before the requests and messages waiting behind it run. */
const SLICE_MS = 4;

/** Runs steps a few milliseconds at a time, yielding to I/O between slices. */
export async function inSlices(steps: Iterator<void>, sliceMs = SLICE_MS): Promise<void> {
  for (let done = false; !done; ) {
    const until = performance.now() + sliceMs;
    while (!done && performance.now() < until) done = steps.next().done === true;
    if (!done) await new Promise((resolve) => setImmediate(resolve));
  }
}

// One of each path the checks take: ASCII, an Indian script, and accents, lookalikes and an emoji
// (the lookalike table is built on the first of those); each twice (see keywords.ts's warmRegex).
const SAMPLES = ['ok 5', 'कितने का है? ৫০০', 'Ünïcödé ѕhіt 😍 ൺ', 'www.x.in +91 98765 43210'];

function* chatChecks(): Generator<void, void> {
  const filter = defaultKeywordFilter();
  for (const sample of [...SAMPLES, ...SAMPLES]) {
    filter.match(sample);
    hasLinkOrPhone(sample);
    yield;
  }
  yield* filter.warmSteps();
}

/**
 * At start, after the server listens: the chat checks' regexes compiled in idle slices instead of by
 * the first chat messages (~0.5 s of CPU that every message behind them waited for).
 */
export const warmChatChecks = (): Promise<void> => inSlices(chatChecks());

/** A seller's words, compiled as the chat goes on. */
export const warmKeywords = (filter: KeywordFilter): Promise<void> => inSlices(filter.warmSteps());
