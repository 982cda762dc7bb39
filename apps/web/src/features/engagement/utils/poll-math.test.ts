import { describe, expect, it } from 'vitest';
import { totalVotes, votePercentage } from './poll-math';

const poll = {
  options: [
    { id: 'a', text: 'Gold', votes: [1 as const, 1 as const] },
    { id: 'b', text: 'Silver', votes: [1 as const] },
    { id: 'c', text: 'Kundan', votes: [] as 1[] },
  ],
};

describe('poll math', () => {
  it('counts the votes of every option', () => {
    expect(totalVotes(poll)).toBe(3);
    expect(totalVotes({ options: [] })).toBe(0);
  });

  it('gives percentages with one decimal', () => {
    expect(votePercentage(2, 3)).toBe('66.7');
    expect(votePercentage(1, 3)).toBe('33.3');
    expect(votePercentage(1, 8)).toBe('12.5');
    expect(votePercentage(3, 3)).toBe('100.0');
    expect(votePercentage(0, 3)).toBe('0.0');
  });

  it('shows 0.0 when nobody has voted', () => {
    expect(votePercentage(0, 0)).toBe('0.0');
  });

});
