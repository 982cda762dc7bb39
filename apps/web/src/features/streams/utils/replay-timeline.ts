/** Anything placed on the replay's timeline. Lists come oldest first (the contract's order). */
type Timed = { atSeconds: number };

/** How many items of a list sorted by atSeconds have happened by `seconds` (binary search: chat can hold thousands of lines). */
export function countUpTo(items: readonly Timed[], seconds: number): number {
  let low = 0;
  let high = items.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (items[mid]!.atSeconds <= seconds) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** The item in effect at `seconds`: the latest one at or before it, or null before the first. */
export function latestAt<T extends Timed>(items: readonly T[], seconds: number): T | null {
  const count = countUpTo(items, seconds);
  return count === 0 ? null : items[count - 1]!;
}

/** The contract promises oldest first; a list that is not is sorted once rather than trusted. */
export function byTime<T extends Timed>(items: readonly T[]): T[] {
  return items.every((item, i) => i === 0 || items[i - 1]!.atSeconds <= item.atSeconds) ? [...items] : [...items].sort((a, b) => a.atSeconds - b.atSeconds);
}

/** 75 → "1:15", 3725 → "1:02:05": a moment in the video as players write it. */
export function formatMoment(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = String(whole % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}
