import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Full-page screenshots at the two phone sizes we look at (390×844 and 360×740) under
 * test-results/<dir>, when the environment variable `flag` is 1; otherwise nothing is taken. The page
 * is left at 390×844. `dir` is where they go (null when off), for a spec's own extra pictures.
 */
export function phoneShots(flag: string, dir: string) {
  const out = process.env[flag] === '1' ? path.join(ROOT, 'test-results', dir) : null;
  const shots = async (page: Page, name: string) => {
    if (!out) return;
    mkdirSync(out, { recursive: true });
    for (const [w, h] of [[390, 844], [360, 740]] as const) {
      await page.setViewportSize({ width: w, height: h });
      await page.screenshot({ path: path.join(out, `${name}-${w}x${h}.png`), fullPage: true });
    }
    await page.setViewportSize({ width: 390, height: 844 });
  };
  return Object.assign(shots, { dir: out });
}
