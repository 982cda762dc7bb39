import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { addRecentSearch, clearRecentSearches, RECENT_SEARCHES_KEY, RECENT_SEARCHES_MAX, removeRecentSearch, useRecentSearches } from './recent-searches';

const stored = () => JSON.parse(window.localStorage.getItem(RECENT_SEARCHES_KEY) ?? 'null') as unknown;

describe('recent searches', () => {
  it('keeps the newest first, once each (case and spaces aside), and only the last eight', () => {
    addRecentSearch('saree');
    addRecentSearch('  झुमका   सेट ');
    addRecentSearch('Saree');
    expect(stored()).toEqual(['Saree', 'झुमका सेट']);
    for (let i = 1; i <= 10; i += 1) addRecentSearch(`word ${i}`);
    const list = stored() as string[];
    expect(list).toHaveLength(RECENT_SEARCHES_MAX);
    expect(list[0]).toBe('word 10');
    expect(list).not.toContain('Saree');
  });

  it('ignores blank searches and a damaged stored value', () => {
    addRecentSearch('   ');
    expect(stored()).toBeNull();
    window.localStorage.setItem(RECENT_SEARCHES_KEY, '{not json');
    const { result } = renderHook(() => useRecentSearches());
    expect(result.current).toEqual([]);
    act(() => addRecentSearch('jhumka'));
    expect(result.current).toEqual(['jhumka']);
  });

  it('forgets one search, or all of them, and the hook re-renders with the change', () => {
    addRecentSearch('saree');
    addRecentSearch('jhumka');
    addRecentSearch('kurta');
    const { result } = renderHook(() => useRecentSearches());
    expect(result.current).toEqual(['kurta', 'jhumka', 'saree']);
    act(() => removeRecentSearch('jhumka'));
    expect(result.current).toEqual(['kurta', 'saree']);
    act(() => clearRecentSearches());
    expect(result.current).toEqual([]);
    expect(window.localStorage.getItem(RECENT_SEARCHES_KEY)).toBeNull();
  });
});
