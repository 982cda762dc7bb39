import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';
import { englishOnDemand } from './vite.english.ts';

export default defineProject({
  // Tests render with all of English bundled; a feature's import of its section still resolves.
  plugins: [englishOnDemand({ strip: false }), react()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  test: {
    name: 'web',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/testing/setup.ts'],
    // One happy-dom page and module graph per worker, not per file: re-creating them for each of ~120
    // files took most of the run (2-core machine shared with other jobs: ~260 s isolated, 32-84 s
    // shared). src/testing/setup.ts puts back a fresh page's state before each file.
    isolate: false,
  },
});
