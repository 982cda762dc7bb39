import type { Config } from './config/env.js';
import { openDatabase } from './db/client.js';
import { seedIfEmpty } from './db/seed/index.js';
import { buildApp } from './app.js';
import { warmChatChecks } from './modules/moderation/index.js';

// The server itself, imported by server.ts once traces (when on) can see pg and ioredis being imported.
export async function main(config: Config, started: number, tracing: { shutdown(): Promise<void> } | null) {
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await database.migrate();
  const seeded = config.seedDemoData ? await seedIfEmpty(database.db) : false;
  const app = await buildApp({ config, database });

  let closing = false;
  async function shutdown(signal: string) {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await app.close();
    await database.close();
    await tracing?.shutdown().catch((err: unknown) => app.log.warn({ err }, 'sending the last traces failed'));
    process.exit(0);
  }
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    { database: database.driver, seeded, startupMs: Math.round(performance.now() - started) },
    `LiveMarket is running at ${config.publicUrl}`,
  );
  // In idle slices, so the first chat messages do not compile them while every message behind waits.
  void warmChatChecks().catch((err: unknown) => app.log.warn({ err }, 'warming the chat checks failed'));
}
