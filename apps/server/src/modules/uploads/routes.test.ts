import { existsSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
  it('stores a photo as WebP in three widths under DATA_DIR, served with long cache headers', async () => {
    const res = await upload(seller.cookie, await photo(), 'image/jpeg');
    expect(res.statusCode).toBe(201);
    const { imageUrl, sizes } = res.json();
    expect(imageUrl).toMatch(/^\/uploads\/products\/[0-9a-f-]{36}-640\.webp$/);
    expect(Object.keys(sizes)).toEqual(['320', '640', '1280']);
    const file = path.join(t.config.dataDir, 'uploads', imageUrl.replace('/uploads/', ''));
    expect(existsSync(file)).toBe(true);
    const meta = await sharp(file).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 640, height: 480 });

    const served = await t.app.inject({ method: 'GET', url: imageUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toMatch(/max-age=31536000.*immutable/);
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
