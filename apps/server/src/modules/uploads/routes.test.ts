import { existsSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageSources, PRODUCT_IMAGE_URL, UploadedImage } from '@live-market/contract';
import { buildTestApp, type TestApp } from '../../testing/test-app.js';
import { makeSeller, makeUser, type TestSeller, type TestUser } from '../../testing/fixtures.js';

let t: TestApp;
let seller: TestSeller;
let shopper: TestUser;
beforeAll(async () => {
  t = await buildTestApp({ DATA_DIR: path.join(os.tmpdir(), `lm-uploads-${process.pid}`) });
  seller = await makeSeller(t.app, t.database.db);
  shopper = await makeUser(t.app, 'Rahul');
});
afterAll(() => t.close());

const upload = (cookie: string, body: Buffer, type: string) =>
  t.app.inject({ method: 'POST', url: '/api/uploads/product-image', headers: { cookie, 'content-type': type }, payload: body });

const listStored = () => {
  const dir = path.join(t.config.dataDir, 'uploads', 'products');
  return existsSync(dir) ? readdirSync(dir).sort() : [];
};

// A 2000×1500 photo, as a phone would send it.
const photo = () => sharp({ create: { width: 2000, height: 1500, channels: 3, background: '#c0392b' } }).jpeg().toBuffer();

describe('product photos', () => {
  it('stores a photo as WebP and AVIF in three widths under DATA_DIR, served with their types and long cache headers', async () => {
    const res = await upload(seller.cookie, await photo(), 'image/jpeg');
    expect(res.statusCode).toBe(201);
    const { imageUrl, sizes, avif } = UploadedImage.parse(res.json());
    expect(imageUrl).toMatch(/^\/uploads\/products\/[0-9a-f-]{36}\/640\.webp$/);
    expect(PRODUCT_IMAGE_URL.test(imageUrl)).toBe(true);
    expect(Object.keys(sizes)).toEqual(['320', '640', '1280']);
    expect(Object.keys(avif)).toEqual(['320', '640', '1280']);

    const stored = (url: string) => path.join(t.config.dataDir, 'uploads', url.replace('/uploads/', ''));
    expect(await sharp(stored(imageUrl)).metadata()).toMatchObject({ format: 'webp', width: 640, height: 480 });
    expect(await sharp(stored(avif['1280']!)).metadata()).toMatchObject({ format: 'heif', compression: 'av1', width: 1280, height: 960 });
    expect(await sharp(stored(avif['320']!)).metadata()).toMatchObject({ width: 320, height: 240 });

    for (const [url, type] of [[imageUrl, 'image/webp'], [avif['640']!, 'image/avif']] as const) {
      const served = await t.app.inject({ method: 'GET', url });
      expect(served.statusCode, url).toBe(200);
      expect(served.headers['content-type']).toBe(type);
      expect(served.headers['cache-control']).toMatch(/max-age=31536000.*immutable/);
    }
  });

  it('stores exactly the copies the web derives from imageUrl', async () => {
    const { imageUrl, sizes, avif } = UploadedImage.parse((await upload(seller.cookie, await photo(), 'image/jpeg')).json());
    const derived = imageSources(imageUrl);
    const listed = (srcset = '') => srcset.split(', ').map((candidate) => candidate.split(' ')[0]);
    expect(listed(derived?.webp)).toEqual(Object.values(sizes));
    expect(listed(derived?.avif)).toEqual(Object.values(avif));
  });

  it('keeps a small photo at its own size and a transparent PNG transparent', async () => {
    const png = await sharp({ create: { width: 200, height: 100, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } }).png().toBuffer();
    const { sizes, avif } = UploadedImage.parse((await upload(seller.cookie, png, 'image/png')).json());
    const stored = (url: string) => path.join(t.config.dataDir, 'uploads', url.replace('/uploads/', ''));
    expect(await sharp(stored(sizes['1280']!)).metadata()).toMatchObject({ width: 200, height: 100, hasAlpha: true });
    expect(await sharp(stored(avif['640']!)).metadata()).toMatchObject({ width: 200, height: 100, hasAlpha: true });
  });

  it('answers a copy that does not exist with 404, and an empty body with 400', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/uploads/products/0b0c2a43-8a8e-4a5c-9a53-1c1d7d0f9a10/640.avif' });
    expect(missing.statusCode).toBe(404);
    expect((await upload(seller.cookie, Buffer.alloc(0), 'image/jpeg')).statusCode).toBe(400);
  });

  it('judges by content: a text file labelled image/png is refused with 415', async () => {
    const res = await upload(seller.cookie, Buffer.from('definitely not a png'), 'image/png');
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toMatch(/not a photo we can read/);
  });

  it('refuses a photo cut off after its header with 415 and stores none of it', async () => {
    const whole = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#2e86c1' } })
      .jpeg({ progressive: false })
      .toBuffer();
    const before = listStored();
    const res = await upload(seller.cookie, whole.subarray(0, 700), 'image/jpeg');
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toMatch(/not a photo we can read/);
    expect(listStored()).toEqual(before);
  });

  it('refuses other content types with 415 and files over 8 MB with 413', async () => {
    expect((await upload(seller.cookie, Buffer.from('%PDF-1.4'), 'application/pdf')).statusCode).toBe(415);
    const big = await upload(seller.cookie, Buffer.alloc(8 * 1024 * 1024 + 1, 1), 'image/jpeg');
    expect(big.statusCode).toBe(413);
  });

  it('lets only sellers upload', async () => {
    expect((await upload(shopper.cookie, await photo(), 'image/jpeg')).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/api/uploads/product-image', headers: { 'content-type': 'image/jpeg' }, payload: await photo() })).statusCode).toBe(401);
  });
});
