// Janus nodes for MEDIA_MODE=janus (decision 034), from Debian's `janus` package and the configs in
// deploy/janus. `npm run janus` starts JANUS_NODES (2) of them on ws ports JANUS_FIRST_PORT (8188) and up,
// prints the JANUS_URL to give the app, and stops them on Ctrl-C. Tests import startJanusNodes.
// Each node's Admin API listens 1000 above its ws port (JANUS_ADMIN_URL), with JANUS_ADMIN_SECRET.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const TEMPLATES = path.join(ROOT, 'deploy/janus');

export function janusBinary() {
  const found = spawnSync('sh', ['-c', 'command -v janus || ls /usr/bin/janus'], { encoding: 'utf8' }).stdout.trim().split('\n')[0];
  return found || null;
}

/** Debian puts the plugins under /usr/lib/<multiarch>/janus. */
function libraryDir() {
  for (const dir of ['/usr/lib/x86_64-linux-gnu', '/usr/lib/aarch64-linux-gnu', ...readdirSync('/usr/lib').map((d) => `/usr/lib/${d}`)]) {
    if (existsSync(path.join(dir, 'janus/plugins/libjanus_videoroom.so'))) return path.join(dir, 'janus');
  }
  throw new Error('janus: its plugins are not installed (Debian: apt-get install janus)');
}

function writeConfigs(dir, values) {
  mkdirSync(dir, { recursive: true });
  for (const file of readdirSync(TEMPLATES).filter((f) => f.endsWith('.jcfg'))) {
    const text = readFileSync(path.join(TEMPLATES, file), 'utf8').replace(/@([A-Z_]+)@/g, (_, key) => String(values[key]));
    writeFileSync(path.join(dir, file), text);
  }
}

function portOpen(port) {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });
}

/**
 * Starts `count` Janus nodes on 127.0.0.1; each gets its own ws port, Admin API port (ws + 1000) and
 * RTP port range. Resolves once every node answers, with their URLs, admin URLs and secret, and a
 * stop() that ends them.
 */
export async function startJanusNodes({ count = 2, firstPort = 8188, firstRtpPort = 20000, dir, adminSecret = randomBytes(12).toString('hex') } = {}) {
  const binary = janusBinary();
  if (!binary) throw new Error('janus is not installed (Debian: apt-get install janus)');
  const lib = libraryDir();
  const baseDir = dir ?? path.join(os.tmpdir(), `livemarket-janus-${process.pid}-${firstPort}`);
  const children = [];
  const urls = [];
  const adminUrls = [];
  for (let i = 0; i < count; i++) {
    const wsPort = firstPort + i;
    const rtpFrom = firstRtpPort + i * 2000;
    const configs = path.join(baseDir, `node-${i}`);
    const values = { CONFIGS: configs, LIB: lib, NAME: `livemarket-janus-${i}`, RTP_RANGE: `${rtpFrom}-${rtpFrom + 1999}`, WS_PORT: wsPort, WS_IP: '127.0.0.1' };
    writeConfigs(configs, { ...values, ADMIN_PORT: wsPort + 1000, ADMIN_SECRET: adminSecret });
    const child = spawn(binary, ['-F', configs, '-P', path.join(lib, 'plugins'), '--disable-colors'], { stdio: ['ignore', 'pipe', 'pipe'] });
    const log = [];
    const keep = (chunk) => {
      log.push(String(chunk));
      if (log.length > 200) log.shift();
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    children.push({ child, log, wsPort });
    urls.push(`ws://127.0.0.1:${wsPort}`);
    adminUrls.push(`ws://127.0.0.1:${wsPort + 1000}`);
  }
  const stop = async () => {
    await Promise.all(
      children.map(({ child }) => {
        if (child.exitCode !== null || child.signalCode !== null) return null;
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        const force = setTimeout(() => child.kill('SIGKILL'), 5000);
        return exited.finally(() => clearTimeout(force));
      }),
    );
  };
  const deadline = Date.now() + 20_000;
  for (const { child, log, wsPort } of children) {
    while (!(await portOpen(wsPort)) || !(await portOpen(wsPort + 1000))) {
      if (child.exitCode !== null || Date.now() > deadline) {
        await stop();
        throw new Error(`janus on ws port ${wsPort} did not start:\n${log.join('').slice(-3000)}`);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return { urls, adminUrls, adminSecret, pids: children.map(({ child }) => child.pid), stop };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const count = Number(process.env.JANUS_NODES) || 2;
  const firstPort = Number(process.env.JANUS_FIRST_PORT) || 8188;
  const adminSecret = process.env.JANUS_ADMIN_SECRET || undefined;
  const nodes = await startJanusNodes({ count, firstPort, adminSecret, dir: path.join(ROOT, '.tmp', `janus-${firstPort}`) });
  const env = `MEDIA_MODE=janus JANUS_URL=${nodes.urls.join(',')} JANUS_ADMIN_URL=${nodes.adminUrls.join(',')} JANUS_ADMIN_SECRET=${nodes.adminSecret}`;
  console.log(`janus: ${count} node(s) up. Start the app with:\n  ${env} npm start`);
  const quit = () => void nodes.stop().then(() => process.exit(0));
  process.on('SIGINT', quit);
  process.on('SIGTERM', quit);
}
