// `npm run dev`: the API server with reload on :5000 and Vite's dev server on :5173, which proxies
// /api, /ws and /demo to it. Open http://localhost:5173 — PUBLIC_URL says so to cookies and Origin checks.
import { spawn } from 'node:child_process';

const env = { ...process.env, PUBLIC_URL: process.env.PUBLIC_URL || 'http://localhost:5173' };
const children = [
  spawn('npm', ['run', 'dev', '-w', '@live-market/server'], { stdio: 'inherit', env }),
  spawn('npm', ['run', 'dev', '-w', '@live-market/web'], { stdio: 'inherit', env }),
];
let stopping = false;
function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 500).unref();
}
for (const child of children) child.on('exit', (code) => stop(code ?? 0));
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
