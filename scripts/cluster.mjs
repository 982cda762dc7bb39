// `npm run cluster`: N app instances behind nginx on one PostgreSQL and one Redis (decision 030).
//   CLUSTER_INSTANCES (2), PORT (5000, nginx), CLUSTER_FIRST_PORT (5101, the instances count up from it),
//   DATABASE_URL (postgres://postgres@127.0.0.1:5432/livemarket, created when missing), REDIS_URL
//   (redis://127.0.0.1:6379), PUBLIC_URL (http://localhost:PORT), CLUSTER_FIRST_METRICS_PORT (9464: each
//   instance serves /metrics on its own port, counting up from it, as deploy/prometheus scrapes them). Ctrl-C stops them all.
import { spawn, spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { ROOT, writeNginxConfig } from './cluster-config.mjs';

const instances = Number(process.env.CLUSTER_INSTANCES) || 2;
const port = Number(process.env.PORT) || 5000;
const firstPort = Number(process.env.CLUSTER_FIRST_PORT) || 5101;
const databaseUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/livemarket';
const redisUrl = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const publicUrl = process.env.PUBLIC_URL || `http://localhost:${port}`;
const runDir = path.join(ROOT, '.tmp', `cluster-${port}`);
const instancePorts = Array.from({ length: instances }, (_, i) => firstPort + i);
const firstMetricsPort = Number(process.env.CLUSTER_FIRST_METRICS_PORT) || 9464;
const metricsPortOf = (instancePort) => firstMetricsPort + instancePorts.indexOf(instancePort);

const nginx = spawnSync('sh', ['-c', 'command -v nginx || ls /usr/sbin/nginx'], { encoding: 'utf8' }).stdout.trim().split('\n')[0];
if (!nginx) {
  console.error('cluster: nginx is not installed (Debian: sudo apt-get install nginx-light)');
  process.exit(1);
}

async function ensureDatabase() {
  const pg = createRequire(path.join(ROOT, 'apps/server/package.json'))('pg');
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.slice(1));
  const admin = new pg.Client({ connectionString: Object.assign(new URL(databaseUrl), { pathname: '/postgres' }).toString() });
  await admin.connect();
  try {
    const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) await admin.query(`create database "${name.replaceAll('"', '""')}"`);
  } finally {
    await admin.end();
  }
}

const children = [];
let stopping = false;
function stopAll(code) {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 3000).unref();
  Promise.all(children.map((c) => (c.exitCode === null ? new Promise((r) => c.once('exit', r)) : null))).then(() => process.exit(code));
}
process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));

function startInstance(instancePort) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: path.join(ROOT, 'apps/server'),
    env: {
      ...process.env,
      INIT_CWD: ROOT,
      PORT: String(instancePort),
      HOST: '127.0.0.1',
      METRICS_PORT: String(metricsPortOf(instancePort)),
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      PUBLIC_URL: publicUrl,
      TRUST_PROXY: 'true',
    },
    stdio: 'inherit',
  });
  children.push(child);
  child.once('exit', (code) => {
    if (stopping) return;
    console.error(`cluster: the instance on ${instancePort} exited (${code}); stopping the cluster`);
    stopAll(1);
  });
}

async function healthy(url, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer`);
}

try {
  await ensureDatabase();
  if (spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' }).status !== 0) throw new Error('the web build failed');
  // The first instance migrates, seeds and writes the development secrets the others then read.
  startInstance(instancePorts[0]);
  await healthy(`http://127.0.0.1:${instancePorts[0]}/api/health`);
  for (const p of instancePorts.slice(1)) startInstance(p);
  await Promise.all(instancePorts.slice(1).map((p) => healthy(`http://127.0.0.1:${p}/api/health`)));
  const conf = writeNginxConfig({ runDir, port, instancePorts });
  const proxy = spawn(nginx, ['-p', runDir, '-c', conf, '-e', path.join(runDir, 'error.log'), '-g', 'daemon off;'], { stdio: 'inherit' });
  children.push(proxy);
  proxy.once('exit', (code) => {
    if (!stopping) {
      console.error(`cluster: nginx exited (${code}); see ${path.join(runDir, 'error.log')}`);
      stopAll(1);
    }
  });
  await healthy(`http://127.0.0.1:${port}/api/health`, 10_000);
  console.log(`\nLiveMarket cluster: ${publicUrl} → nginx → instances on ${instancePorts.join(', ')} (PostgreSQL ${new URL(databaseUrl).pathname.slice(1)}, Redis ${redisUrl})\n`);
} catch (error) {
  console.error(`cluster: ${error.message}`);
  stopAll(1);
}
