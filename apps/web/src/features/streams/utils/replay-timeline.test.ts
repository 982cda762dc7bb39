import { describe, expect, it } from 'vitest';
import { byTime, countUpTo, formatMoment, latestAt } from './replay-timeline';

const lines = [0, 1.5, 3, 3, 8].map((atSeconds, i) => ({ atSeconds, id: i }));

describe('the replay timeline', () => {
  it('counts what has happened by a moment, including what happens exactly then', () => {
    expect(countUpTo(lines, -1)).toBe(0);
    expect(countUpTo(lines, 0)).toBe(1);
    expect(countUpTo(lines, 2.9)).toBe(2);
    expect(countUpTo(lines, 3)).toBe(4);
    expect(countUpTo(lines, 100)).toBe(5);
    expect(countUpTo([], 5)).toBe(0);
  });

  it('finds the product in effect: the latest featured at or before the moment', () => {
    const featured = [
      { atSeconds: 2, name: 'necklace' },
      { atSeconds: 6, name: 'earrings' },
    ];
    expect(latestAt(featured, 1)).toBeNull();
    expect(latestAt(featured, 2)?.name).toBe('necklace');
    expect(latestAt(featured, 5.9)?.name).toBe('necklace');
    expect(latestAt(featured, 6)?.name).toBe('earrings');
  });

  it('sorts a list that arrives out of order, and leaves an ordered one as it is', () => {
    expect(byTime([{ atSeconds: 5 }, { atSeconds: 1 }]).map((x) => x.atSeconds)).toEqual([1, 5]);
    expect(byTime(lines)).toEqual(lines);
  });

  it('writes moments as players do', () => {
    expect(formatMoment(0)).toBe('0:00');
    expect(formatMoment(75.9)).toBe('1:15');
    expect(formatMoment(3725)).toBe('1:02:05');
  });
});
