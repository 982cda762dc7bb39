import { createHmac } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MediaEndpoints } from '@live-market/contract';
import { loadConfig } from '../../config/env.js';
import { buildTestApp, type TestApp } from '../../testing/test-app.js';
import { goLive, makeSeller, makeUser, type TestSeller, type TestUser } from '../../testing/fixtures.js';

// Issue 15: TURN for phones whose network blocks UDP. GET …/media hands out coturn REST-API credentials.
const URLS = ['turn:turn.example.in:3478?transport=udp', 'turn:turn.example.in:3478?transport=tcp', 'turns:turn.example.in:443?transport=tcp'];
const SECRET = 'turn-test-shared-secret';

let t: TestApp;
let seller: TestSeller;
let viewer: TestUser;
let streamId: string;
beforeAll(async () => {
  t = await buildTestApp({ TURN_URLS: URLS.join(','), TURN_SECRET: SECRET });
  seller = await makeSeller(t.app, t.database.db);
  viewer = await makeUser(t.app, 'Rahul');
  streamId = await goLive(t.app, seller);
});
afterAll(() => t?.close());

describe('TURN credentials', () => {
  it('come with the media endpoints: the configured URLs, a username naming the expiry in 10 minutes and the user, an HMAC of it', async () => {
    const before = Math.floor(Date.now() / 1000);
    const res = await t.app.inject({ method: 'GET', url: `/api/streams/${streamId}/media`, headers: { cookie: viewer.cookie } });
    expect(res.statusCode).toBe(200);
    const { iceServers } = MediaEndpoints.parse(res.json());
    expect(iceServers).toHaveLength(1);
    const [server] = iceServers;
    expect(server!.urls).toEqual(URLS);
    const [expiry, userId] = server!.username!.split(':');
    expect(userId).toBe(viewer.id);
    expect(Number(expiry) - before).toBeGreaterThanOrEqual(600);
    expect(Number(expiry) - before).toBeLessThanOrEqual(601);
    expect(server!.credential).toBe(createHmac('sha1', SECRET).update(server!.username!).digest('base64'));
  });

  it('are not handed to a visitor without a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: `/api/streams/${streamId}/media` })).statusCode).toBe(401);
  });

  it('need both settings, as turn: or turns: URLs', () => {
    const dataDir = path.join(os.tmpdir(), 'lm-env-test');
    expect(() => loadConfig({ DATA_DIR: dataDir, TURN_URLS: URLS[0] })).toThrow('TURN_URLS and TURN_SECRET go together');
    expect(() => loadConfig({ DATA_DIR: dataDir, TURN_URLS: 'https://turn.example.in', TURN_SECRET: SECRET })).toThrow('turn: or turns: URLs');
    expect(loadConfig({ DATA_DIR: dataDir }).turn).toBeNull();
  });
});
