// Budget (ARCHITECTURE): cached GET /api/streams/live ≥ 60% of a bare Node http server serving the same JSON.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT, load, startServer, stop, waitFor } from './lib.js';

export async function benchLiveStreams(seconds = 10) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lm-bench-'));
  const appPort = 5091;
  const barePort = 5092;
  const app = startServer({ PORT: String(appPort), HOST: '127.0.0.1', DATA_DIR: dataDir, API_RATE_LIMIT_PER_MINUTE: '100000000' });
  try {
    await waitFor(`http://127.0.0.1:${appPort}/api/health`);
    const body = await (await fetch(`http://127.0.0.1:${appPort}/api/streams/live`)).text();
    await load(`http://127.0.0.1:${appPort}/api/streams/live`, 2); // warm-up
    const ours = await load(`http://127.0.0.1:${appPort}/api/streams/live`, seconds);
    await stop(app);

    const bare = startServer({ PORT: String(barePort), BENCH_BODY: body }, path.join(ROOT, 'bench/servers/bare-server.mjs'));
    try {
      await waitFor(`http://127.0.0.1:${barePort}/`);
      await load(`http://127.0.0.1:${barePort}/`, 2);
      const yardstick = await load(`http://127.0.0.1:${barePort}/`, seconds);
      const ratio = ours.requestsPerSecond / yardstick.requestsPerSecond;
      return { bodyBytes: body.length, ours, bareNode: yardstick, ratio: Math.round(ratio * 1000) / 10, budgetPercent: 60, pass: ratio >= 0.6 };
    } finally {
      await stop(bare);
    }
  } finally {
    await stop(app);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
