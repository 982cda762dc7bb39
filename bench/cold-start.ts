// How long the server takes from process start to answering, on a new and on an existing database.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServer, stop, waitFor } from './lib.js';

async function timeStart(dataDir: string, port: number): Promise<number> {
  const started = performance.now();
  const child = startServer({ PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir });
  try {
    await waitFor(`http://127.0.0.1:${port}/api/health`);
    return Math.round(performance.now() - started);
  } finally {
    await stop(child);
  }
}

export async function benchColdStart() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lm-cold-'));
  try {
    const newDatabaseMs = await timeStart(dataDir, 5093);
    const existingDatabaseMs = await timeStart(dataDir, 5093);
    return { newDatabaseMs, existingDatabaseMs };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
