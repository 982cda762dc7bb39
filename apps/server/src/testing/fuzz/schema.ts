import fc from 'fast-check';
import type { z } from 'zod';

// Reading a zod 4 schema's definition (schema._zod.def) to make values for the fuzz test: what a
// well-behaved client sends (valid arbitraries) and what a careless or hostile one sends (wrong values).

type Def = { type: string } & Record<string, unknown>;
type CheckDef = { check: string } & Record<string, unknown>;
type Schema = z.ZodType;

export const defOf = (schema: unknown): Def => (schema as { _zod: { def: Def } })._zod.def;
const checksOf = (schema: unknown): CheckDef[] => ((defOf(schema).checks as Array<{ _zod: { def: CheckDef } }> | undefined) ?? []).map((c) => c._zod.def);
// A field a body may leave out: its schema takes undefined (optional, a default, a preprocess that does).
const optionalIn = (schema: Schema | undefined) => schema?.safeParse(undefined).success === true;

/**
 * The schema that says what the data looks like: wrappers (optional, default, nullable…) and pipes
 * are unwrapped. A pipe's output side wins unless it is only a transform (z.preprocess, z.string().transform()).
 */
export function dataSchema(schema: Schema): Schema {
  const def = defOf(schema);
  switch (def.type) {
    case 'optional':
    case 'nonoptional':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nullable':
      return dataSchema(def.innerType as Schema);
    case 'lazy':
      return dataSchema((def.getter as () => Schema)());
    case 'pipe': {
      const out = def.out as Schema;
      return defOf(out).type === 'transform' ? dataSchema(def.in as Schema) : dataSchema(out);
    }
    default:
      return schema;
  }
}

/** Length limits of a string or array schema, and the patterns a string must match. */
export function limitsOf(schema: Schema): { min: number; max: number | undefined; patterns: RegExp[] } {
  const def = defOf(schema);
  let min = 0;
  let max: number | undefined;
  const patterns: RegExp[] = def.pattern instanceof RegExp ? [def.pattern] : [];
  for (const check of checksOf(schema)) {
    if (check.check === 'min_length') min = Math.max(min, check.minimum as number);
    if (check.check === 'max_length') max = Math.min(max ?? Infinity, check.maximum as number);
    if (check.check === 'length_equals') min = max = check.length as number;
    if (check.check === 'string_format' && check.pattern instanceof RegExp) patterns.push(check.pattern);
  }
  return { min, max, patterns };
}

/** Number bounds and whether it must be a whole number. */
export function boundsOf(schema: Schema): { min: number | undefined; max: number | undefined; int: boolean } {
  let min: number | undefined;
  let max: number | undefined;
  let int = false;
  for (const check of checksOf(schema)) {
    if (check.check === 'number_format') int = true;
    if (check.check === 'greater_than') min = Math.max(min ?? -Infinity, (check.value as number) + (check.inclusive ? 0 : int ? 1 : Number.EPSILON));
    if (check.check === 'less_than') max = Math.min(max ?? Infinity, (check.value as number) - (check.inclusive ? 0 : int ? 1 : Number.EPSILON));
  }
  return { min, max, int };
}

/** Real values by field name (productId, streamId…), so valid bodies reach the handler and the database. */
export type Hints = (key: string) => readonly string[] | undefined;

function stringArbitrary(schema: Schema, key: string, hints: Hints): fc.Arbitrary<string> {
  const def = defOf(schema);
  const hint = hints(key);
  if (def.format === 'uuid' || def.format === 'guid') return hint ? fc.constantFrom(...hint) : fc.uuid();
  const { min, max, patterns } = limitsOf(schema);
  const [pattern, ...others] = patterns;
  if (pattern) {
    const fits = (s: string) => s.length >= min && (max === undefined || s.length <= max) && others.every((p) => p.test(s));
    return fc.stringMatching(pattern).filter(fits);
  }
  if (hint) return fc.constantFrom(...hint);
  const maxLength = Math.max(min, Math.min(max ?? 40, 40));
  return fc.oneof(fc.string({ minLength: Math.max(min, 1), maxLength }), fc.string({ unit: 'grapheme', minLength: Math.max(min, 1), maxLength }));
}

/**
 * What a well-behaved client sends for this schema (refinements aside: callers filter with safeParse).
 * Minimal: objects carry their required fields only, the body most likely to get past the service's own checks.
 */
export function validArbitrary(schema: Schema, hints: Hints, key = '', minimal = false): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  const inner = (of: Schema, name = key) => validArbitrary(of, hints, name, minimal);
  switch (def.type) {
    case 'optional':
    case 'nonoptional':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
      return inner(def.innerType as Schema);
    case 'nullable':
      return fc.oneof({ arbitrary: inner(def.innerType as Schema), weight: 4 }, { arbitrary: fc.constant(null), weight: 1 });
    case 'lazy':
    case 'pipe':
      return inner(dataSchema(schema));
    case 'string':
      return stringArbitrary(schema, key, hints);
    case 'number': {
      const { min, max, int } = boundsOf(schema);
      if (int) return fc.integer({ min: Math.max(min ?? -1e6, Number.MIN_SAFE_INTEGER), max: Math.min(max ?? 1e6, Number.MAX_SAFE_INTEGER) });
      return fc.double({ min: min ?? -1e6, max: max ?? 1e6, noNaN: true, noDefaultInfinity: true });
    }
    case 'boolean':
      return fc.boolean();
    case 'literal':
      return fc.constantFrom(...(def.values as unknown[]));
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries as Record<string, unknown>));
    case 'null':
      return fc.constant(null);
    case 'object': {
      const shape = def.shape as Record<string, Schema>;
      const requiredKeys = Object.keys(shape).filter((name) => !optionalIn(shape[name]));
      const names = minimal ? requiredKeys : Object.keys(shape);
      return fc.record(Object.fromEntries(names.map((name) => [name, inner(shape[name]!, name)])), { requiredKeys });
    }
    case 'array': {
      const { min, max } = limitsOf(schema);
      return fc.array(inner(def.element as Schema), { minLength: min, maxLength: Math.max(min, Math.min(max ?? 3, min + 3)) });
    }
    case 'union':
      return fc.oneof(...(def.options as Schema[]).map((option) => inner(option)));
    case 'record':
      return fc.dictionary(fc.string({ minLength: 1, maxLength: 8 }), inner(def.valueType as Schema, ''), { maxKeys: 3 });
    case 'tuple':
      return fc.tuple(...(def.items as Schema[]).map((item) => inner(item)));
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** Where a body can be changed: each field, inside objects and the first element of arrays. */
export function pathsOf(schema: Schema, depth = 3, prefix: Array<string | number> = []): Array<{ path: Array<string | number>; schema: Schema; optional: boolean }> {
  if (depth === 0) return [];
  const data = dataSchema(schema);
  const def = defOf(data);
  if (def.type === 'object') {
    return Object.entries(def.shape as Record<string, Schema>).flatMap(([name, field]) => [
      { path: [...prefix, name], schema: field, optional: optionalIn(field) },
      ...pathsOf(field, depth - 1, [...prefix, name]),
    ]);
  }
  if (def.type === 'array') {
    const element = def.element as Schema;
    return [{ path: [...prefix, 0], schema: element, optional: false }, ...pathsOf(element, depth - 1, [...prefix, 0])];
  }
  if (def.type === 'union') {
    // A union of objects: each option's fields (they often share names; duplicates are harmless).
    return (def.options as Schema[]).flatMap((option) => pathsOf(option, depth, prefix));
  }
  return [];
}
