// `npm run db:reset`: throws the database away, migrates a new one and seeds the demo data.
import { rmSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../config/env.js';
import { openDatabase } from './client.js';
import { seed } from './seed/index.js';

const config = loadConfig();
if (config.env === 'production') {
  console.error('db:reset refuses to run with NODE_ENV=production.');
  process.exit(1);
}
if (!config.databaseUrl) rmSync(path.join(config.dataDir, 'pglite'), { recursive: true, force: true });
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
if (config.databaseUrl) {
  await database.db.execute(sql`drop schema if exists public cascade`);
  await database.db.execute(sql`drop schema if exists drizzle cascade`);
  await database.db.execute(sql`create schema public`);
}
await database.migrate();
await seed(database.db);
await database.close();
console.log(`Database reset and seeded (${database.driver}${config.databaseUrl ? '' : ` in ${config.dataDir}`}).`);
