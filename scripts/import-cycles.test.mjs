// No import cycles between the server's files (type-only imports included): auth ↔ sellers ↔
// notifications and orders/service ↔ orders/status were broken in issue 10; this keeps them broken.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOTS = ['apps/server/src', 'packages/contract/src', 'packages/media/src'].map((dir) => new URL(`../${dir}`, import.meta.url).pathname);

function sourceFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sourceFiles(file);
    return file.endsWith('.ts') && !file.endsWith('.test.ts') ? [file] : [];
  });
}

/** Relative imports of a file, as absolute .ts paths. */
function importsOf(file) {
  const source = readFileSync(file, 'utf8');
  return [...source.matchAll(/^(?:import|export)\s[^;]*?from\s+'(\.{1,2}\/[^']+)'/gms)].map(([, spec]) =>
    path.resolve(path.dirname(file), spec.replace(/\.js$/, '.ts')),
  );
}

function graphOf(files) {
  return new Map(files.map((f) => [f, importsOf(f).filter((to) => files.includes(to))]));
}

/** Every cycle a depth-first walk meets, each as the list of files around it. */
function cyclesOf(graph) {
  const cycles = [];
  const state = new Map();
  const stack = [];
  function visit(file) {
    state.set(file, 'open');
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 'open') cycles.push(stack.slice(stack.indexOf(next)).concat(next));
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, 'done');
  }
  for (const file of graph.keys()) if (!state.has(file)) visit(file);
  return cycles;
}

describe('import cycles', () => {
  it('finds a cycle when there is one (the check itself works)', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
      ['d', ['a']],
    ]);
    expect(cyclesOf(graph)).toEqual([['a', 'b', 'c', 'a']]);
    expect(cyclesOf(new Map([['a', ['b']], ['b', []]]))).toEqual([]);
  });

  it('reads type-only and re-export imports', () => {
    const status = new URL('../apps/server/src/modules/orders/status.ts', import.meta.url).pathname;
    expect(importsOf(status).map((f) => path.basename(f))).toContain('ports.ts');
  });

  it.each(ROOTS)('has none in %s', (root) => {
    const rel = (f) => path.relative(root, f);
    expect(cyclesOf(graphOf(sourceFiles(root))).map((cycle) => cycle.map(rel).join(' → '))).toEqual([]);
  });
});
