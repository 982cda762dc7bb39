// Product photo uploads (decision 019): a phone-sized 12-megapixel JPEG posted to the real server, which
// stores WebP and AVIF copies in three widths. Reports the upload's wall time (one at a time and four
// at once) and the bytes of each copy a browser would fetch.
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { startServer, stop, waitFor } from './lib.js';

// A real photo (a street scene shipped with autocannon's tests), scaled up to what a phone camera sends.
const SAMPLE = createRequire(import.meta.url).resolve('autocannon/test/j5.jpeg');

type Uploaded = { imageUrl: string; sizes: Record<string, string>; avif: Record<string, string> };

export async function benchImages() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lm-images-'));
  const port = Number(process.env.BENCH_IMAGES_PORT) || 5098;
  const base = `http://127.0.0.1:${port}`;
  const server = startServer({ PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, PUBLIC_URL: `http://localhost:${port}`, MEDIA_MODE: 'none' });
  const post = (url: string, body: object, cookie?: string) =>
    fetch(base + url, { method: 'POST', headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) }, body: JSON.stringify(body) });
  try {
    await waitFor(`${base}/api/health`);
    const phoneNumber = '7888888877';
    const { devCode } = (await (await post('/api/login/start', { method: 'phone', phoneNumber })).json()) as { devCode: string };
    const login = await post('/api/login/verify', { method: 'phone', phoneNumber, code: devCode, firstName: 'Photo' });
    const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    await post('/api/sellers', { storeName: 'Photo Bench', description: 'Upload benchmark', category: 'fashion' }, cookie);

    const photo = await sharp(SAMPLE).resize(4032, 3024, { fit: 'fill' }).jpeg({ quality: 90 }).toBuffer();
    const upload = async () => {
      const started = performance.now();
      const res = await fetch(`${base}/api/uploads/product-image`, { method: 'POST', headers: { cookie, 'content-type': 'image/jpeg' }, body: new Uint8Array(photo) });
      if (res.status !== 201) throw new Error(`upload answered ${res.status}: ${await res.text()}`);
      return { ms: performance.now() - started, image: (await res.json()) as Uploaded };
    };

    await upload(); // warm-up: sharp and libvips load on first use
    const single: number[] = [];
    let image: Uploaded | undefined;
    for (let i = 0; i < 5; i++) {
      const result = await upload();
      single.push(result.ms);
      image = result.image;
    }
    const burstStarted = performance.now();
    await Promise.all(Array.from({ length: 4 }, upload));
    const burstMs = performance.now() - burstStarted;

    const bytes = async (urls: Record<string, string>) =>
      Object.fromEntries(await Promise.all(Object.entries(urls).map(async ([w, url]) => [w, (await (await fetch(base + url)).arrayBuffer()).byteLength])));
    single.sort((a, b) => a - b);
    return {
      inputBytes: photo.length,
      uploadMs: { min: Math.round(single[0]!), median: Math.round(single[2]!), max: Math.round(single[4]!) },
      fourAtOnceMs: Math.round(burstMs),
      webpBytes: await bytes(image!.sizes),
      avifBytes: await bytes(image!.avif),
    };
  } finally {
    await stop(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
