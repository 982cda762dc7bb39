import type { z } from 'zod';
import { boundsOf, dataSchema, defOf, limitsOf } from './schema.js';

// What careless and hostile clients send in place of a field: wrong types, boundary numbers, text at
// and beyond its length, characters PostgreSQL or JSON cannot take, and shapes nested the wrong way.

const SHAPES: unknown[] = [null, true, false, 0, '', [], {}, [null], { a: { b: [{}] } }];
const TEXT = [
  ' ',
  '\u0000',
  'a\u0000b',
  '\uD800',
  'x\uDFFFy',
  '\u001b[31m',
  '\u202Eevil',
  '\u200B',
  'null',
  'NaN',
  'Infinity',
  '-1',
  '0',
  '0x10',
  '1e3',
  '<script>alert(1)</script>',
  "'; drop table products; --",
  '%00',
  '../../etc/passwd',
  '😀'.repeat(40),
  'नमस्ते',
  '１２',
];
// Amounts, counts and codes as text: the boundaries of "digits with two paise digits", and what
// Number() would read (hex, exponents, other scripts' digits).
const NUMERIC_TEXT = ['0.00', '-0', '00000000001', '9999999999.99', '99999999999', '9'.repeat(400), '.5', '5.', ' 12 ', '7.999', '٣', '1_000'];
// Timestamps at the calendar's edges (PostgreSQL has no year 0) and soon enough to be accepted.
const soon = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
const DATES = ['0000-01-01T00:00:00Z', '0001-01-01T00:00:00Z', '1970-01-01T00:00:00Z', '9999-12-31T23:59:59.999999Z', '2000-02-29T12:00:00+05:30', '2030-01-01T00:00:00-23:59', soon(10), soon(60 * 24 * 400)];
const NUMBERS = [-1, 0.5, 2 ** 31, 2 ** 53 + 2, -(2 ** 53), 1e308, -1e308, Number.MIN_VALUE];

const fill = (text: string, length: number) => (length <= 0 ? '' : text.repeat(Math.ceil(length / Math.max(text.length, 1))).slice(0, length));

/** Wrong values for one field, given the value a valid body had there. */
export function wrongValues(field: z.ZodType, sample: unknown): unknown[] {
  const data = dataSchema(field);
  const def = defOf(data);
  const values: unknown[] = [...SHAPES, 'x', 1e308, '\u0000', '\uD800'];
  switch (def.type) {
    case 'string': {
      const { min, max } = limitsOf(data);
      const text = typeof sample === 'string' && sample !== '' ? sample : 'a';
      const lengths = [min - 1, 20_000, ...(max === undefined ? [] : [max, max + 1])];
      for (const length of lengths) if (length >= 0) values.push(fill('a', length), fill(text, length));
      values.push(`${text}\u0000`, `\uD800${text}`, `${text}\uDC00`, ` ${text} `, text.toUpperCase(), `${text}\n${text}`, `${text}\t`, 1, 799);
      // A format (uuid, e-mail, timestamp) refuses free text by one pattern: its own edges are sent instead.
      if (!def.format) values.push(...TEXT, ...NUMERIC_TEXT);
      if (def.format === 'uuid') values.push('00000000-0000-0000-0000-000000000000', 'ffffffff-ffff-ffff-ffff-ffffffffffff', text.toUpperCase(), `{${text}}`);
      if (def.format === 'datetime') values.push(...DATES);
      if (def.format === 'email') values.push('a@b', `${'x'.repeat(300)}@example.com`, 'asha@example.com\u0000');
      break;
    }
    case 'number': {
      const { min, max, int } = boundsOf(data);
      for (const edge of [min, max]) if (edge !== undefined && Number.isFinite(edge)) values.push(edge - 1, edge, edge + 1, edge + 0.5, String(edge));
      values.push(...NUMBERS, '1', '0x10', '1e3', ' 7 ');
      if (!int) values.push(1e-7);
      break;
    }
    case 'boolean':
      values.push('true', 'false', 1, 'yes');
      break;
    case 'enum':
    case 'literal': {
      const options = def.type === 'enum' ? Object.values(def.entries as Record<string, unknown>) : (def.values as unknown[]);
      for (const option of options.slice(0, 3)) values.push(String(option).toUpperCase(), ` ${String(option)}`, typeof option === 'string' ? Number(option) || 1 : String(option));
      break;
    }
    case 'array': {
      const { max } = limitsOf(data);
      const element = Array.isArray(sample) ? sample[0] : undefined;
      values.push([1, 'a', {}], [[[]]], Array.from({ length: (max ?? 100) + 1 }, () => element ?? 'a'), Array.from({ length: 2000 }, () => element ?? 'a'));
      if (element !== undefined) values.push([element, element]);
      break;
    }
    case 'object':
      if (sample && typeof sample === 'object') values.push(Object.fromEntries(Object.keys(sample).map((key) => [key, null])));
      break;
  }
  const seen = new Set<string>();
  // JSON cannot tell -0 from 0; a lone surrogate survives JSON.stringify as \ud800, which the server decodes back.
  return values.filter((value) => {
    const key = `${typeof value}:${JSON.stringify(value)}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
