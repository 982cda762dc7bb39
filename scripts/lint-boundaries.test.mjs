// The import boundaries of ARCHITECTURE.md, checked against eslint.config.js itself: each line is code a
// file at that place may or may not contain.
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: new URL('..', import.meta.url).pathname });

async function restricted(file, code) {
  const [result] = await eslint.lintText(code, { filePath: file });
  return result.messages.some((m) => m.ruleId === 'no-restricted-imports');
}

describe('import boundaries', () => {
  it.each([
    ['apps/web/src/features/wishlist/x.ts', "import { a } from '@/features/auth/api/x';"],
    ['apps/web/src/features/notifications/x.ts', "import { a } from '../../orders/x';"],
    ['apps/web/src/features/cart/x.ts', "import { eq } from 'drizzle-orm';"],
    ['apps/web/src/features/orders/x.ts', "import { readFile } from 'fs/promises';"],
    ['apps/web/src/features/streams/x.ts', "import { x } from '@/app/router';"],
    ['apps/web/src/lib/x.ts', "import { EventEmitter } from 'events';"],
    ['apps/web/src/lib/x.ts', "import WebSocket from 'ws';"],
    ['apps/web/src/lib/x.ts', "import { a } from '@/features/auth/x';"],
    ['apps/web/src/components/x.ts', "import fs from 'node:fs';"],
    ['apps/web/src/app/x.ts', "import { buildApp } from '@live-market/server';"],
    ['apps/web/src/app/x.ts', "import { createMediaServer } from '@live-market/media';"],
    ['packages/contract/src/x.ts', "import { format } from 'date-fns';"],
  ])('refuses in %s: %s', async (file, code) => {
    expect(await restricted(file, code)).toBe(true);
  });

  it.each([
    ['apps/web/src/lib/x.ts', "import { X } from '@live-market/contract/constants';"],
    ['apps/web/src/features/cart/x.ts', "import { Button } from '@/components/ui/button';"],
    ['apps/web/src/app/x.ts', "import { CartSheet } from '@/features/cart/components/cart-sheet';"],
    ['packages/contract/src/x.ts', "import { z } from 'zod';"],
  ])('allows in %s: %s', async (file, code) => {
    expect(await restricted(file, code)).toBe(false);
  });
});
