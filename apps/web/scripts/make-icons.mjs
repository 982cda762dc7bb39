// Draws the install icons (manifest, iOS home screen) from the brand mark in public/favicon.svg. Run once
// when the logo changes (`node apps/web/scripts/make-icons.mjs`); the PNGs are committed, so a build
// needs no image tools. sharp is the server's dependency.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const publicDir = fileURLToPath(new URL('../public/', import.meta.url));
const logo = readFileSync(new URL('favicon.svg', `file://${publicDir}`), 'utf8');

// A maskable icon is cropped to a circle or squircle by the launcher: a full-bleed square, with the
// mark shrunk into the central safe zone (a circle of 40% radius).
const maskable = logo.replace('rx="16"', 'rx="0"').replace('<path d="M24 19v26l21-13z"', '<path d="M24 19v26l21-13z" transform="translate(32 32) scale(0.7) translate(-34 -32)"');

const icons = [
  { svg: logo, size: 192, name: 'icon-192.png' },
  { svg: logo, size: 512, name: 'icon-512.png' },
  { svg: maskable, size: 512, name: 'icon-maskable-512.png' },
  // iOS draws its own rounded corners and shows transparency as black.
  { svg: maskable, size: 180, name: 'apple-touch-icon.png' },
];
for (const { svg, size, name } of icons) {
  await sharp(Buffer.from(svg), { density: (72 * size) / 64 })
    .resize(size, size)
    .png({ compressionLevel: 9, palette: true })
    .toFile(`${publicDir}icons/${name}`);
  console.log('wrote', `public/icons/${name}`);
}
