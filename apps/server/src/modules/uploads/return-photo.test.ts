import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CreateReturnBody, UploadedReturnPhoto } from '@live-market/contract';
import { buildTestApp, type TestApp } from '../../testing/test-app.js';
import { makeUser, type TestUser } from '../../testing/fixtures.js';

let t: TestApp;
let shopper: TestUser;
beforeAll(async () => {
  t = await buildTestApp({ DATA_DIR: path.join(os.tmpdir(), `lm-return-photos-${process.pid}`) });
  shopper = await makeUser(t.app, 'Anita');
});
afterAll(() => t.close());

const upload = (headers: Record<string, string>, body: Buffer) => t.app.inject({ method: 'POST', url: '/api/uploads/return-photo', headers, payload: body });

describe('a return’s photos', () => {
  it('stores a shopper’s phone photo as one upright WebP of at most 1280 px, without its location', async () => {
    // 2000×1500 as the sensor saw it, EXIF orientation 6 (the phone was held upright), with GPS data.
    const sent = await sharp({ create: { width: 2000, height: 1500, channels: 3, background: '#8e44ad' } })
      .jpeg()
      .withMetadata({ orientation: 6, exif: { IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '19/1 4/1 0/1' } } })
      .toBuffer();
    expect((await sharp(sent).metadata()).exif).toBeDefined();
    const res = await upload({ cookie: shopper.cookie, 'content-type': 'image/jpeg' }, sent);
    expect(res.statusCode, res.body).toBe(201);
    const { url } = UploadedReturnPhoto.parse(res.json());
    const stored = readFileSync(path.join(t.config.dataDir, url.replace(/^\//, '')));
    const meta = await sharp(stored).metadata();
    expect({ format: meta.format, width: meta.width, height: meta.height, exif: meta.exif, orientation: meta.orientation }).toEqual({
      format: 'webp',
      width: 960,
      height: 1280,
      exif: undefined,
      orientation: undefined,
    });
    const served = await t.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    // The address is one a return accepts; a product photo's, or one made up, is not.
    const ask = { items: [{ orderItemId: crypto.randomUUID(), quantity: 1 }], reason: 'damaged' };
    expect(CreateReturnBody.safeParse({ ...ask, photoUrls: [url] }).success).toBe(true);
    expect(CreateReturnBody.safeParse({ ...ask, photoUrls: ['/uploads/products/x-640.webp'] }).error?.issues[0]?.message).toBe('Upload the photo first');
    expect(CreateReturnBody.safeParse({ ...ask, photoUrls: Array(6).fill(url) }).error?.issues[0]?.message).toBe('At most 5 photos');
  });

  it('refuses the signed out (401), an empty body (400), a text file labelled as a photo (415) and other types (415)', async () => {
    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } }).png().toBuffer();
    expect((await upload({ 'content-type': 'image/png' }, png)).statusCode).toBe(401);
    expect((await upload({ cookie: shopper.cookie, 'content-type': 'image/png' }, Buffer.alloc(0))).statusCode).toBe(400);
    const fake = await upload({ cookie: shopper.cookie, 'content-type': 'image/png' }, Buffer.from('not a photo at all'));
    expect(fake.statusCode).toBe(415);
    expect(fake.json().message).toBe('That file is not a photo we can read. Use a JPEG, PNG or WebP image.');
    expect((await upload({ cookie: shopper.cookie, 'content-type': 'application/pdf' }, png)).statusCode).toBe(415);
  });
});
