// The browser tests drive Debian's Chromium (never a downloaded build). Find it, or install it
// the way `playwright install --with-deps` would when we are root on Debian; otherwise say how.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const path = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
if (existsSync(path)) process.exit(0);

const hasAptGet = existsSync('/usr/bin/apt-get');
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
if (process.env.CHROMIUM_PATH || !hasAptGet || !isRoot) {
  console.error(
    `\nThe browser tests need Chromium at ${path}, and it is not there.\n` +
      (hasAptGet
        ? 'Install it with:  sudo apt-get update && sudo apt-get install -y chromium\n'
        : 'Install Chromium with your system package manager,\n') +
      'or point CHROMIUM_PATH at a Chromium/Chrome binary, then run npm test again.\n',
  );
  process.exit(1);
}
console.log('Chromium is missing: installing Debian\'s chromium package with apt-get...');
const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
execFileSync('apt-get', ['update', '-q'], { stdio: 'inherit', env });
execFileSync('apt-get', ['install', '-y', '-q', '--no-install-recommends', 'chromium', 'fonts-noto-core'], { stdio: 'inherit', env });
if (!existsSync(path)) {
  console.error(`apt-get finished but ${path} is still missing.`);
  process.exit(1);
}
