import { describe, expect, it } from 'vitest';
import { totalVotes, votedOptionId, votePercentage } from './poll-math';

const poll = {
  options: [
    { id: 'a', text: 'Gold', votes: ['u1', 'u2'] },
    { id: 'b', text: 'Silver', votes: ['u3'] },
    { id: 'c', text: 'Kundan', votes: [] },
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

  it('finds the option the user voted for', () => {
    expect(votedOptionId(poll, 'u3')).toBe('b');
    expect(votedOptionId(poll, 'u9')).toBeNull();
    expect(votedOptionId(poll, null)).toBeNull();
  });
});
