// `npm test`'s second server pass: the server suite again on a real PostgreSQL and Redis, which also
// runs the suites that need them (Redis rate limits, two instances sharing one room). It uses
// DATABASE_URL / REDIS_URL when set, else the local servers when they answer. When they don't, it says
// which suites it could not run; under CI that is a failure.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import net from 'node:net';

const requireFromServer = createRequire(new URL('../apps/server/package.json', import.meta.url));
const pg = requireFromServer('pg');

const databaseUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const redisUrl = process.env.REDIS_URL || 'redis://127.0.0.1:6379';

async function postgresAnswers(url) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

function redisAnswers(url) {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname || '127.0.0.1', port: Number(port || 6379) });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(3000, () => done(false));
    socket.on('error', () => done(false));
    socket.on('connect', () => socket.write('PING\r\n'));
    socket.on('data', (data) => done(/^(\+PONG|-NOAUTH)/.test(String(data))));
  });
}

const [hasPostgres, hasRedis] = await Promise.all([postgresAnswers(databaseUrl), redisAnswers(redisUrl)]);
if (!hasPostgres || !hasRedis) {
  const missing = [!hasPostgres && `PostgreSQL (${databaseUrl})`, !hasRedis && `Redis (${redisUrl})`].filter(Boolean).join(' and ');
  console.error(
    `\nNot run: the server suite on PostgreSQL + Redis, with the Redis rate-limit and two-instance tests.\n` +
      `${missing} did not answer. Start them, or set DATABASE_URL and REDIS_URL, and run npm test again.\n`,
  );
  process.exit(process.env.CI ? 1 : 0);
}
// The Redis-outage test starts a redis-server of its own; the cluster test puts nginx in front.
const tools = ['redis-server', 'nginx'].filter((tool) => spawnSync('sh', ['-c', `command -v ${tool} || ls /usr/sbin/${tool}`], { stdio: 'ignore' }).status !== 0);
if (tools.length) {
  console.error(`\nNot run: the tests that need ${tools.join(' and ')} (Debian: apt-get install ${tools.map((t) => (t === 'nginx' ? 'nginx-light' : t)).join(' ')}).\n`);
  if (process.env.CI) process.exit(1);
}
console.log(`Server suite again on PostgreSQL and Redis (${new URL(databaseUrl).host}, ${new URL(redisUrl).host})`);
const run = spawnSync('npx', ['vitest', 'run', '--project', 'server'], {
  stdio: 'inherit',
  env: { ...process.env, DATABASE_URL: databaseUrl, REDIS_URL: redisUrl },
});
process.exit(run.status ?? 1);
