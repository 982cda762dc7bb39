import { describe, expect, it } from 'vitest';
import { compileKeywordFilter, defaultKeywordFilter } from './keywords.js';
import { inSlices, warmChatChecks, warmKeywords } from './warm.js';

const spin = (ms: number) => {
  for (const until = performance.now() + ms; performance.now() < until; );
};

describe('inSlices', () => {
  it('runs every step, and lets other work run between its slices', async () => {
    let done = 0;
    function* steps(): Generator<void, void> {
      for (let i = 0; i < 20; i++) {
        spin(1);
        done += 1;
        yield;
      }
    }
    const finished = inSlices(steps(), 3);
    let seenBetween = -1;
    setImmediate(() => (seenBetween = done));
    await finished;
    expect(done).toBe(20);
    expect(seenBetween).toBeGreaterThan(0);
    expect(seenBetween).toBeLessThan(20);
  });

  it('ends at once on no steps', async () => {
    await expect(inSlices([][Symbol.iterator]() as Iterator<void>)).resolves.toBeUndefined();
  });
});

describe('warming a keyword filter', () => {
  // Whole words and prefixes that start alike share one regex: the end-of-word test holds for the whole ones only.
  const words = ['spam', 'spammer*', 'sp am deal', 'scam*', 'सस्ता माल'];
  const texts: Array<[string, string | null]> = [
    ['spam!', 'spam'],
    ['spammers here', 'spammer*'],
    ['spamx', null],
    ['a sp-am deal today', 'sp am deal'],
    ['scamming', 'scam*'],
    ['यह सस्ता माल है', 'सस्ता माल'],
    ['सस्ता मालिक', null],
  ];

  it('matches the same before and after, step by step', async () => {
    const cold = compileKeywordFilter(words);
    const before = texts.map(([text]) => cold.match(text));
    const warmed = compileKeywordFilter(words);
    const steps = [...warmed.warmSteps()];
    expect(steps.length).toBeGreaterThan(2);
    expect(texts.map(([text]) => warmed.match(text))).toEqual(before);
    expect(before).toEqual(texts.map(([, hit]) => hit));
    const background = compileKeywordFilter(words);
    await warmKeywords(background);
    expect(texts.map(([text]) => background.match(text))).toEqual(before);
  });

  it('warms the default list and the contact check without changing an answer', async () => {
    const samples = ['buy now, call 98765 43210', 'Ünïcödé 😍', 'कितने का है'];
    const before = samples.map((text) => defaultKeywordFilter().match(text));
    await warmChatChecks();
    expect(samples.map((text) => defaultKeywordFilter().match(text))).toEqual(before);
  });

  it('has nothing to warm for an empty list', () => {
    expect([...compileKeywordFilter([]).warmSteps()]).toEqual([]);
  });
});
