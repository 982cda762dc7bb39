import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      'packages/contract',
      'packages/media',
      'apps/server',
      'apps/web',
      { test: { name: 'repo', include: ['scripts/**/*.test.mjs'], environment: 'node', testTimeout: 60_000 } },
    ],
    // Server test files each boot a database; two at a time fit two cores and PGlite's memory.
    maxWorkers: 2,
  },
});
