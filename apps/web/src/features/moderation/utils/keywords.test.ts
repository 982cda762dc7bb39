import { describe, expect, it } from 'vitest';
import { addKeywords } from './keywords';

describe('addKeywords', () => {
  it('adds trimmed words, several at once with commas', () => {
    expect(addKeywords(['fake'], '  scam , cash   only ,', 200)).toEqual(['fake', 'scam', 'cash only']);
  });

  it('adds no word twice, letter case aside', () => {
    const words = ['Scam'];
    expect(addKeywords(words, 'scam, SCAM', 200)).toBe(words);
  });

  it('stops at the most a store may keep', () => {
    expect(addKeywords(['a', 'b'], 'c, d', 3)).toEqual(['a', 'b', 'c']);
  });
});
