import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from '@playwright/test';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface AppServer {
  base: string;
  stop(): Promise<void>;
}

/** Ends a child process and waits for it (nothing to do when it already ended). */
export async function exited(child: ChildProcess | undefined) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const done = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await done;
}

/**
 * A server of a spec's own (beside the one playwright.config starts), on a fresh PGlite database with
 * demo data and the given settings; resolves once /api/health answers.
 */
export async function startAppServer(port: number, env: Record<string, string>, name: string): Promise<AppServer> {
  const base = `http://localhost:${port}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `lm-e2e-${name}-`));
  const app = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'apps/server/src/server.ts')], {
    cwd: path.join(ROOT, 'apps/server'),
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      NODE_ENV: 'development',
      OTP_DELIVERY: 'console',
      LOG_LEVEL: 'warn',
      // Several of these run beside the main test server: none takes the metrics port (9464).
      METRICS_PORT: 'off',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = async () => {
    await exited(app);
    rmSync(dataDir, { recursive: true, force: true });
  };
  for (let i = 0; ; i++) {
    const up = await fetch(`http://127.0.0.1:${port}/api/health`).then((r) => r.ok, () => false);
    if (up) break;
    if (i > 1200 || app.exitCode !== null) {
      await stop();
      throw new Error(`the ${name} test server did not start`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { base, stop };
}

/**
 * A phone on a spec's own server whose peer connections are kept in window.peers, to read how their
 * media was negotiated; relayOnly forces iceTransportPolicy 'relay' (a network that lets only TURN through).
 */
export async function phoneKeepingPeers(browser: Browser, baseURL: string, options: { relayOnly?: boolean } = {}): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'en-IN' });
  await context.addInitScript((relayOnly: boolean) => {
    const Native = window.RTCPeerConnection;
    const peers: RTCPeerConnection[] = [];
    (window as unknown as { peers: RTCPeerConnection[] }).peers = peers;
    window.RTCPeerConnection = class extends Native {
      constructor(config?: RTCConfiguration) {
        super(relayOnly ? { ...config, iceTransportPolicy: 'relay' } : config);
        peers.push(this);
      }
    };
  }, options.relayOnly ?? false);
  return context.newPage();
}
