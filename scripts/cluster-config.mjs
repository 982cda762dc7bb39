// Renders deploy/nginx/livemarket.conf for `npm run cluster` and the cluster test.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const TEMPLATE = path.join(ROOT, 'deploy/nginx/livemarket.conf');

/** Writes nginx.conf into runDir (which nginx also uses for its pid, logs and temp files); returns its path. */
export function writeNginxConfig({ runDir, port, instancePorts }) {
  mkdirSync(runDir, { recursive: true });
  const servers = instancePorts.map((p) => `    server 127.0.0.1:${p} max_fails=2 fail_timeout=5s;`).join('\n');
  const conf = readFileSync(TEMPLATE, 'utf8').replaceAll('@RUN_DIR@', runDir).replaceAll('@PORT@', String(port)).replaceAll('@SERVERS@', servers);
  const file = path.join(runDir, 'nginx.conf');
  writeFileSync(file, conf);
  return file;
}
