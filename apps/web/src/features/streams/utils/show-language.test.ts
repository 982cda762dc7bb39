import { describe, expect, it } from 'vitest';
import { languagesOwnFirst, showsForViewer } from './show-language';

const show = (id: string, language: string) => ({ id, language });

describe('shows by language', () => {
  it("lists the ten languages with the viewer's own first, the rest in the usual order", () => {
    const codes = languagesOwnFirst('ta').map((l) => l.code);
    expect(codes).toEqual(['ta', 'en', 'hi', 'te', 'bn', 'mr', 'gu', 'kn', 'ml', 'pa']);
    expect(languagesOwnFirst('en').map((l) => l.code)[0]).toBe('en');
    expect(new Set(codes).size).toBe(10);
  });

  it("puts the viewer's language first without a filter, keeping each group's order", () => {
    const list = [show('a', 'hi'), show('b', 'ta'), show('c', 'en'), show('d', 'ta')];
    expect(showsForViewer(list, 'ta', null).map((s) => s.id)).toEqual(['b', 'd', 'a', 'c']);
    expect(showsForViewer(list, 'bn', null).map((s) => s.id)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('keeps only the chosen language when one is chosen', () => {
    const list = [show('a', 'hi'), show('b', 'ta'), show('c', 'en')];
    expect(showsForViewer(list, 'ta', 'hi').map((s) => s.id)).toEqual(['a']);
    expect(showsForViewer(list, 'ta', 'pa')).toEqual([]);
  });
});
