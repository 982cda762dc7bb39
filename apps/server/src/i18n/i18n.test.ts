import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { messageKey } from '@live-market/contract';
import { t, translateMessage } from './index.js';

const SRC = fileURLToPath(new URL('..', import.meta.url));
const en = JSON.parse(readFileSync(new URL('../locales/en.json', import.meta.url), 'utf8')) as { errors: Record<string, string> };

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return path.endsWith('.ts') && !path.endsWith('.test.ts') ? [path] : [];
  });
}

/** Every English message the server can answer a person with: HttpError texts and the constants they use. */
function serverMessages(): string[] {
  const found = new Set<string>();
  for (const file of sourceFiles(SRC)) {
    const source = readFileSync(file, 'utf8');
    for (const m of source.matchAll(/new HttpError\(\d+,\s*(?:'([^']+)'|"([^"]+)")/g)) found.add(m[1] ?? m[2]!);
    for (const m of source.matchAll(/^\s+\w+: '(Too many [^']+)',$/gm)) found.add(m[1]!);
    for (const m of source.matchAll(/export const \w+_MESSAGE = '([^']+)'/g)) found.add(m[1]!);
  }
  return [...found].sort();
}

describe('the server catalog (src/locales)', () => {
  it('finds the messages (the scan itself works)', () => {
    const messages = serverMessages();
    expect(messages).toContain('Stream not found');
    expect(messages).toContain('Only {{stock}} left in stock');
    expect(messages).toContain('Too many codes sent to this number. Try again in {{count}} minutes.');
    expect(messages.length).toBeGreaterThan(60);
  });

  it('has every message the server sends, word for word (plural ones with their forms)', () => {
    const missing = serverMessages().filter((message) => {
      if (message === 'Unauthorized') return false;
      const key = messageKey(message);
      return message.includes('{{count}}') ? en.errors[`${key}_other`] !== message : en.errors[key] !== message;
    });
    expect(missing).toEqual([]);
  });
});

describe('translateMessage', () => {
  it('answers in English with the parameters filled in, in the right plural', () => {
    expect(translateMessage('en', 'Only {{stock}} left in stock', { stock: 2 })).toBe('Only 2 left in stock');
    expect(translateMessage('en', 'Too many requests. Try again in {{count}} seconds.', { count: 1 })).toBe('Too many requests. Try again in 1 second.');
    expect(translateMessage('en', 'Too many requests. Try again in {{count}} seconds.', { count: 30 })).toBe('Too many requests. Try again in 30 seconds.');
  });

  it("finds the contract's validation messages too", () => {
    expect(translateMessage('en', 'Please enter a stream title')).toBe('Please enter a stream title');
    expect(translateMessage('en', 'Enter the price in rupees, e.g. 2499 or 2499.50')).toBe('Enter the price in rupees, e.g. 2499 or 2499.50');
  });

  it('leaves a message the catalog does not have as it is (SPEC: fall back to English, then the key)', () => {
    expect(translateMessage('ta', 'Something only a developer sees {{x}}', { x: 1 })).toBe('Something only a developer sees 1');
  });

  it('answers in the reader language once that language has the message', () => {
    const tamil = translateMessage('ta', 'Stream not found');
    const hindi = translateMessage('hi', 'Out of stock');
    // Until a language has the text it falls back to English; once it has, it is in its script.
    expect([tamil === 'Stream not found' || /\p{Script=Tamil}/u.test(tamil), hindi === 'Out of stock' || /\p{Script=Devanagari}/u.test(hindi)]).toEqual([true, true]);
  });

  it('looks up catalog text by key', () => {
    expect(t('en', 'verification_levels.silver')).toBe('Silver');
    expect(t('en', 'notifications.order_shipped.title')).toBe('Order shipped');
  });
});
