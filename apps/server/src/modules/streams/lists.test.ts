import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LiveStreamList, ServerMessage } from '@live-market/contract';
import { buildTestApp, type TestApp } from '../../testing/test-app.js';
import { goLive, makeProduct, makeSeller, makeUser, type TestSeller, type TestUser } from '../../testing/fixtures.js';
import { TestSocket, wsUrl } from '../../testing/ws-client.js';
import { streamRecordings } from './tables.js';

// Issue 25: the lists of live and upcoming shows follow the server. A socket that watches them hears
// each show go live, end, be announced or cancelled, within 2 s, and the cached live list is already
// the new one when it does.

let t: TestApp;
let url: string;
let seller: TestSeller;
let shopper: TestUser;
const open: TestSocket[] = [];
beforeAll(async () => {
  t = await buildTestApp();
  url = await wsUrl(t.app);
  seller = await makeSeller(t.app, t.database.db, 'Anjali');
  shopper = await makeUser(t.app, 'Rahul');
});
afterAll(async () => {
  for (const s of open) s.close();
  await t.close();
});

const send = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, cookie?: string, payload?: object) =>
  t.app.inject({ method, url: path, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });
const liveIds = async () => LiveStreamList.parse((await send('GET', '/api/streams/live')).json()).map((s) => s.id);
const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

async function connect(user: Pick<TestUser, 'cookie'>): Promise<TestSocket> {
  const socket = await TestSocket.connect(url, { cookie: user.cookie, origin: t.config.publicOrigin });
  open.push(socket);
  return socket;
}

/** A socket watching the lists: the error it would get for a bad frame proves the watch was handled first. */
async function watching(user: Pick<TestUser, 'cookie'>): Promise<TestSocket> {
  const socket = await connect(user);
  socket.send({ type: 'watch_lists' });
  socket.send('not json');
  expect(await socket.nextOf('error')).toMatchObject({ message: 'Messages must be JSON' });
  return socket;
}

/** The next listing_update about this show, checked against the contract. */
async function listingOf(socket: TestSocket, streamId: string, timeoutMs = 2000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const message = ServerMessage.parse(await socket.nextOf('listing_update', Math.max(1, deadline - Date.now())));
    if (message.type === 'listing_update' && message.streamId === streamId) return message;
  }
}

describe('the lists of shows', () => {
  it('tell a watching socket within 2 s when a show goes live and when it ends, and the live list already agrees', async () => {
    const socket = await watching(shopper);
    // The live list is cached for a second (decision 003): it holds the old answer when the show starts.
    const before = await liveIds();

    const startedAt = Date.now();
    const id = await goLive(t.app, seller, 'Temple jewellery, live');
    const live = await listingOf(socket, id);
    expect(Date.now() - startedAt).toBeLessThan(2000);
    expect(live).toMatchObject({ status: 'live', stream: { id, sellerId: seller.sellerId, title: 'Temple jewellery, live', isLive: true } });
    expect(before).not.toContain(id);
    expect(await liveIds()).toContain(id);

    const endingAt = Date.now();
    await send('PATCH', `/api/streams/${id}`, seller.cookie, { isLive: false });
    expect(await listingOf(socket, id)).toEqual({ type: 'listing_update', streamId: id, status: 'ended' });
    expect(Date.now() - endingAt).toBeLessThan(2000);
    expect(await liveIds()).not.toContain(id);
  });

  it('tell a socket on an announced show’s page when it starts (not at its next poll), and the lists when one is announced or cancelled', async () => {
    const socket = await watching(shopper);
    const saree = await makeProduct(t.database.db, seller.sellerId, { name: 'Banarasi saree' });
    const created = await send('POST', '/api/streams', seller.cookie, { title: 'Saree drop at 7', scheduledFor: inMinutes(90), productIds: [saree.id] });
    const id = created.json().id as string;
    const announced = await listingOf(socket, id);
    expect(announced).toMatchObject({ status: 'announced', show: { id, storeName: expect.any(String), reminded: false, isLive: false, startedAt: null } });
    expect(announced.show!.featuredProducts.map((p) => p.name)).toEqual(['Banarasi saree']);

    const startingAt = Date.now();
    expect((await send('PATCH', `/api/streams/${id}`, seller.cookie, { isLive: true })).statusCode).toBe(200);
    const started = await listingOf(socket, id);
    expect(Date.now() - startingAt).toBeLessThan(2000);
    expect(started).toMatchObject({ status: 'live', stream: { id, isLive: true, startedAt: expect.any(String) } });
    await send('PATCH', `/api/streams/${id}`, seller.cookie, { isLive: false });
    await listingOf(socket, id);

    const later = (await send('POST', '/api/streams', seller.cookie, { title: 'Diwali lamps', scheduledFor: inMinutes(120) })).json().id as string;
    expect((await listingOf(socket, later)).status).toBe('announced');
    expect((await send('DELETE', `/api/streams/${later}`, seller.cookie)).statusCode).toBe(204);
    expect(await listingOf(socket, later)).toEqual({ type: 'listing_update', streamId: later, status: 'cancelled' });
  });

  it('reach only the sockets that watch them, until they stop', async () => {
    const watcher = await watching(shopper);
    const stopped = await watching(shopper);
    stopped.send({ type: 'unwatch_lists' });
    const bystander = await connect(await makeUser(t.app, 'Dev'));
    // Frames are handled in order: the bad one's answer means unwatch_lists was handled before it.
    stopped.send('not json');
    await stopped.nextOf('error');

    const id = await goLive(t.app, seller, 'Only for watchers');
    await listingOf(watcher, id);
    await send('PATCH', `/api/streams/${id}`, seller.cookie, { isLive: false });
    await listingOf(watcher, id);
    await expect(stopped.nextOf('listing_update', 300)).rejects.toThrow('no message within timeout');
    await expect(bystander.nextOf('listing_update', 300)).rejects.toThrow('no message within timeout');
  });
});

describe("a show's end", () => {
  async function endWatched(recorded: boolean) {
    const id = await goLive(t.app, seller, recorded ? 'Recorded show' : 'Unrecorded show');
    if (recorded) await t.database.db.insert(streamRecordings).values({ streamId: id, fileName: `${id}.webm`, startedAt: new Date() });
    const viewer = await connect(shopper);
    viewer.send({ type: 'join_stream', streamId: id });
    await viewer.nextOf('viewer_count_update');
    await send('PATCH', `/api/streams/${id}`, seller.cookie, { isLive: false });
    return { id, ended: ServerMessage.parse(await viewer.nextOf('stream_ended')) };
  }

  it("tells the room the store to follow and that the replay is there, when the show was recorded", async () => {
    const { id, ended } = await endWatched(true);
    expect(ended).toEqual({ type: 'stream_ended', streamId: id, sellerId: seller.sellerId, hasReplay: true });
    expect((await send('GET', `/api/streams/${id}/replay`, shopper.cookie)).statusCode).toBe(200);
  });

  it('says there is no replay when nothing was recorded', async () => {
    const { id, ended } = await endWatched(false);
    expect(ended).toEqual({ type: 'stream_ended', streamId: id, sellerId: seller.sellerId, hasReplay: false });
    expect((await send('GET', `/api/streams/${id}/replay`, shopper.cookie)).statusCode).toBe(404);
  });
});
