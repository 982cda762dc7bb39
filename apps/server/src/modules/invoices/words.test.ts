import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rupeesInWords } from './words.js';

const SMALL = ['Zero', 'One', 'Two', 'Three', 'Four', 'Five', 'Six', 'Seven', 'Eight', 'Nine', 'Ten', 'Eleven', 'Twelve', 'Thirteen', 'Fourteen', 'Fifteen', 'Sixteen', 'Seventeen', 'Eighteen', 'Nineteen'];
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];
const GROUPS: Record<string, number> = { Thousand: 1000, Lakh: 100_000, Crore: 10_000_000 };

/** Reads Indian-numbered words back into a number: the test's own oracle, written the other way round. */
function parse(words: string): number {
  let total = 0;
  let current = 0;
  for (const word of words.split(' ')) {
    if (SMALL.includes(word)) current += SMALL.indexOf(word);
    else if (TENS.includes(word)) current += TENS.indexOf(word) * 10;
    else if (word === 'Hundred') current *= 100;
    else if (word in GROUPS) {
      // A crore's count may itself run past a hundred, so it multiplies everything read so far.
      total = word === 'Crore' ? (total + current) * GROUPS[word]! : total + current * GROUPS[word]!;
      current = 0;
    } else throw new Error(`unexpected word ${word} in "${words}"`);
  }
  return total + current;
}

describe('rupeesInWords', () => {
  it('writes the amounts of issue 26 with Indian numbering', () => {
    expect(rupeesInWords(1_234_050)).toBe('Rupees Twelve Thousand Three Hundred Forty and Fifty Paise Only');
    expect(rupeesInWords(100)).toBe('Rupees One Only');
    expect(rupeesInWords(0)).toBe('Rupees Zero Only');
    expect(rupeesInWords(1_00_00_000_00)).toBe('Rupees One Crore Only');
    expect(rupeesInWords(1_00_000_00)).toBe('Rupees One Lakh Only');
    expect(rupeesInWords(99_99_999_99)).toBe('Rupees Ninety Nine Lakh Ninety Nine Thousand Nine Hundred Ninety Nine and Ninety Nine Paise Only');
    expect(rupeesInWords(5)).toBe('Rupees Zero and Five Paise Only');
  });

  it('reads back as the same amount, up to the largest amount we accept', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 999_999_999_999 }), (paise) => {
        const text = rupeesInWords(paise);
        const m = /^Rupees ([A-Za-z ]+?)(?: and ([A-Za-z ]+) Paise)? Only$/.exec(text);
        expect(m, text).not.toBeNull();
        expect(text).not.toMatch(/ {2}/);
        expect(parse(m![1]!)).toBe(Math.floor(paise / 100));
        expect(m![2] === undefined ? 0 : parse(m![2])).toBe(paise % 100);
        // Indian grouping: a count of thousands or lakhs stays below a hundred.
        const counts = m![1]!.split(/ (Crore|Lakh|Thousand)\b ?/);
        counts.forEach((words, i) => {
          if (counts[i + 1] === 'Lakh' || counts[i + 1] === 'Thousand') expect(words).not.toContain('Hundred');
        });
      }),
      { numRuns: 2000 },
    );
  });
});
