import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // Explicit, so `vitest run --config packages/media/vitest.config.ts` from the repo root finds the tests.
  root: fileURLToPath(new URL('.', import.meta.url)),
  test: {
    name: 'media',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // Real peer connections over loopback; the SFU suite boots its worker threads once per file.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
