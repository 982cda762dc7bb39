import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';
import { describe, expect, it } from 'vitest';
import { sfntOfWoff } from './woff.js';

const require = createRequire(import.meta.url);
const read = (pkg: string, file: string) => readFileSync(require.resolve(`${pkg}/files/${file}`));
const open = (bytes: Buffer) => fontkit.create(bytes) as fontkit.Font;

describe('sfntOfWoff', () => {
  it.each([
    ['@fontsource/noto-sans', 'noto-sans-latin-700-normal.woff', 'Invoice ₹ 12,340.50'],
    ['@fontsource/noto-sans-tamil', 'noto-sans-tamil-tamil-400-normal.woff', 'கோபால் கிருஷ்ணன்'],
    ['@fontsource/noto-sans-devanagari', 'noto-sans-devanagari-devanagari-400-normal.woff', 'राहुल क्षत्रिय शर्मा'],
  ])('unpacks %s %s to the same font', (pkg, file, sample) => {
    const woff = read(pkg, file);
    const sfnt = sfntOfWoff(woff);
    expect(sfnt.readUInt32BE(0)).toBe(woff.readUInt32BE(4));
    const [a, b] = [open(woff), open(sfnt)];
    expect(b.postscriptName).toBe(a.postscriptName);
    expect(b.numGlyphs).toBe(a.numGlyphs);
    const shape = (f: fontkit.Font) => f.layout(sample).glyphs.map((g) => [g.id, g.advanceWidth, g.path.toSVG()]);
    expect(shape(b)).toEqual(shape(a));
  });

  it('refuses anything that is not WOFF 1.0', () => {
    expect(() => sfntOfWoff(read('@fontsource/noto-sans', 'noto-sans-latin-400-normal.woff2'))).toThrow('not a WOFF 1.0 font');
  });
});
