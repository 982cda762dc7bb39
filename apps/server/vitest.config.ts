import os from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    globalSetup: ['src/testing/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    env: {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      SESSION_SECRET: 'test-only-secret-0123456789abcdef0123456789abcdef',
      DATA_DIR: path.join(os.tmpdir(), 'live-market-test-data'),
      OTP_DELIVERY: 'console',
    },
  },
});
