import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as contract from './index.js';
import { messageKey } from './i18n.js';

// Every message a schema here can show a person is in locales/en.json, so the other nine languages
// (checked by scripts/check-locales.mjs) translate it; the browser and the server read the same catalog.
const dir = new URL('.', import.meta.url);
const catalog = JSON.parse(readFileSync(new URL('../locales/en.json', import.meta.url), 'utf8')).validation as Record<string, string>;

// A string argument of a zod check, or an issue's `message` / `error`; the address helper's two messages.
const ADDRESS_LINE = /\bline\(\d+,\s*'[^']+',\s*(['`])((?:(?!\1).)+)\1/g;
const MESSAGE = /(?:\bline\([^;]*?,\s*|\.(?:min|max|length|regex|refine|int|uuid|email|enum|literal)\((?:[^;()]|\([^()]*\))*?,\s*(?=['`][^'`]*['`]\s*\))|(?:message|error):\s*|z\.(?:email|uuid)\()(['`])((?:(?!\1).)+)\1/g;
// Words that are data, not messages (enum values, literals).
const NOT_MESSAGES = new Set(['phone', 'email', 'INR']);

function schemaMessages(): string[] {
  const found = new Set<string>();
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))) {
    const source = readFileSync(new URL(file, dir), 'utf8');
    for (const [, , raw] of [...source.matchAll(MESSAGE), ...source.matchAll(ADDRESS_LINE)]) {
      const text = raw!.replace(/\$\{(\w+)\}/g, (_, name: string) => String((contract as Record<string, unknown>)[name]));
      if (!NOT_MESSAGES.has(text) && /[a-z] [a-z]/i.test(text)) found.add(text);
    }
    // Messages kept in constants, used by schemas here and by the server (Unauthorized stays English: SPEC 8).
    for (const m of source.matchAll(/export const \w+_MESSAGE = (?:'([^']+)'|"([^"]+)")/g)) {
      const text = m[1] ?? m[2]!;
      if (text !== contract.UNAUTHORIZED_MESSAGE) found.add(text);
    }
  }
  return [...found].sort();
}

describe('validation messages', () => {
  it('finds the messages of the schemas (the scan itself works)', () => {
    const messages = schemaMessages();
    expect(messages).toContain('Please enter a stream title');
    expect(messages).toContain('Please provide at least 2 options');
    expect(messages).toContain('Remove the hidden control characters from this text');
    expect(messages).toContain('At most 80 characters');
    expect(messages).toContain('Choose UPI, card or wallet');
    expect(messages).not.toContain('Unauthorized');
    expect(messages.length).toBeGreaterThan(50);
  });

  it('has every message in the catalog, word for word', () => {
    const missing = schemaMessages().filter((m) => catalog[messageKey(m)] !== m);
    expect(missing).toEqual([]);
  });
});
