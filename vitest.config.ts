import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/contract', 'packages/media', 'apps/server', 'apps/web'],
    // Server test files each boot a database; two at a time fit two cores and PGlite's memory.
    maxWorkers: 2,
  },
});
