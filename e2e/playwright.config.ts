import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';

// E2E_PORT lets two checkouts run their browser tests side by side.
const PORT = Number(process.env.E2E_PORT) || 5055;
const baseURL = `http://localhost:${PORT}`;
// Absolute, because the server resolves a relative DATA_DIR against npm's INIT_CWD, not this folder.
const DATA_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), `../.tmp/e2e-data-${PORT}`);
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
/** The e2e server's operator (issue 28): OPERATOR_PHONES holds it; nobody else signs in with it. */
export const E2E_OPERATOR_PHONE = '6000000028';

// The real server on a fresh PGlite database with demo data, driven by Debian's Chromium at a phone viewport.
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: '../test-results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  // One at a time: two tests publishing and playing video on two cores starve each other's pages
  // (a stream page once took over 10 s to render), and one worker finished sooner (3.0 vs 3.4 min).
  workers: 1,
  retries: 0,
  reporter: process.env.CI ? 'list' : [['list']],
  use: {
    baseURL,
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'en-IN',
    timezoneId: 'Asia/Kolkata',
    permissions: ['camera', 'microphone'],
    // A trace of every test cost a quarter of the run (screenshots of each step, kept or not): on request only.
    trace: process.env.E2E_TRACE === 'on' ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: [
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-quic',
        '--no-first-run',
        // A seller's camera and microphone: Chromium's test pattern, no permission prompt.
        '--use-fake-device-for-media-stream',
        '--use-fake-ui-for-media-stream',
        '--autoplay-policy=no-user-gesture-required',
        // Chromium refuses some ports as unsafe (5060/5061 are SIP's): allow whichever E2E_PORT is.
        `--explicitly-allowed-ports=${PORT}`,
      ],
    },
  },
  projects: [{ name: 'phone-chromium', use: { browserName: 'chromium' } }],
  webServer: {
    command: `rm -rf '${DATA_DIR}' && node --import tsx ../apps/server/src/server.ts`,
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseURL,
      DATA_DIR,
      DATABASE_URL: '',
      REDIS_URL: '',
      NODE_ENV: 'development',
      OTP_DELIVERY: 'console',
      OTP_SEND_LIMIT_PER_DESTINATION: '100',
      OTP_SEND_LIMIT_PER_IP: '1000',
      LOG_LEVEL: 'warn',
      OPERATOR_PHONES: E2E_OPERATOR_PHONE,
    },
  },
});
