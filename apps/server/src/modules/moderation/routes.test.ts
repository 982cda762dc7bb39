import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signIn, type TestApp } from '../../testing/test-app.js';
import { goLive, makeSeller, makeUser, nextPhone, type TestSeller, type TestUser } from '../../testing/fixtures.js';
import { chatMessages } from '../streams/index.js';
import { moderatorInvitations } from './tables.js';

let t: TestApp;
let owner: TestSeller;
let otherOwner: TestSeller;
let moderator: TestUser;
let otherModerator: TestUser;
let viewer: TestUser;
let banned: TestUser;
let streamId: string;
let otherStreamId: string;

type Actor = 'owner' | 'moderator' | 'otherModerator' | 'viewer' | 'banned' | 'signedOut';
const ACTORS: Actor[] = ['owner', 'moderator', 'otherModerator', 'viewer', 'banned', 'signedOut'];
const cookieOf = (actor: Actor): Record<string, string> =>
  actor === 'signedOut' ? {} : { cookie: { owner, moderator, otherModerator, viewer, banned }[actor]!.cookie };

async function call(actor: Actor, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown) {
  return t.app.inject({ method, url, headers: cookieOf(actor), ...(payload === undefined ? {} : { payload: payload as object }) });
}

/** The owner invites by user id and the person accepts (issue 25): from then on they moderate. */
async function appoint(store: TestSeller, who: TestUser) {
  const invited = await t.app.inject({ method: 'POST', url: `/api/sellers/${store.sellerId}/moderators`, headers: { cookie: store.cookie }, payload: { userId: who.id } });
  expect(invited.statusCode, invited.body).toBe(201);
  const accepted = await t.app.inject({ method: 'POST', url: `/api/moderator-invitations/${invited.json().id}/accept`, headers: { cookie: who.cookie } });
  expect(accepted.statusCode, accepted.body).toBe(200);
}

async function say(userId: string, message: string, stream = streamId): Promise<string> {
  const [row] = await t.database.db.insert(chatMessages).values({ streamId: stream, userId, message }).returning();
  return row!.id;
}

beforeAll(async () => {
  // Many people sign in here from one address: more codes per network than the default allows.
  t = await buildTestApp({ OTP_SEND_LIMIT_PER_IP: '1000' });
  owner = await makeSeller(t.app, t.database.db, 'Priya');
  otherOwner = await makeSeller(t.app, t.database.db, 'Kavya');
  moderator = await makeUser(t.app, 'Meera');
  otherModerator = await makeUser(t.app, 'Arjun');
  viewer = await makeUser(t.app, 'Rahul');
  banned = await makeUser(t.app, 'Spam');
  streamId = await goLive(t.app, owner);
  otherStreamId = await goLive(t.app, otherOwner, 'Sarees');
  await appoint(owner, moderator);
  await appoint(otherOwner, otherModerator);
  expect((await call('owner', 'POST', `/api/sellers/${owner.sellerId}/bans`, { userId: banned.id })).statusCode).toBe(201);
});
afterAll(async () => t?.close());

// Each row: a request an actor makes (on fresh targets, so rows never depend on each other) and who
// may make it. Everyone else gets 403, a visitor 401.
const matrix: Array<{ name: string; allowed: Actor[]; ok: number; run: (actor: Actor) => Promise<{ statusCode: number; body: string }> }> = [
  { name: 'GET moderators', allowed: ['owner', 'moderator'], ok: 200, run: (a) => call(a, 'GET', `/api/sellers/${owner.sellerId}/moderators`) },
  {
    name: 'POST moderators',
    allowed: ['owner'],
    ok: 201,
    run: async (a) => call(a, 'POST', `/api/sellers/${owner.sellerId}/moderators`, { userId: (await makeUser(t.app, 'Nila')).id }),
  },
  {
    name: 'DELETE moderators/{userId}',
    allowed: ['owner'],
    ok: 200,
    run: async (a) => {
      const mod = await makeUser(t.app, 'Tara');
      await appoint(owner, mod);
      return call(a, 'DELETE', `/api/sellers/${owner.sellerId}/moderators/${mod.id}`);
    },
  },
  { name: 'GET moderator-invitations', allowed: ['owner'], ok: 200, run: (a) => call(a, 'GET', `/api/sellers/${owner.sellerId}/moderator-invitations`) },
  {
    name: 'DELETE moderator-invitations/{id}',
    allowed: ['owner'],
    ok: 200,
    run: async (a) => {
      // Written straight to the table: six rows here would use up the store's invitations for the day.
      const [row] = await t.database.db
        .insert(moderatorInvitations)
        .values({ sellerId: owner.sellerId, invitedBy: owner.id, phone: `+91${nextPhone()}`, expiresAt: new Date(Date.now() + 60_000) })
        .returning();
      return call(a, 'DELETE', `/api/sellers/${owner.sellerId}/moderator-invitations/${row!.id}`);
    },
  },
  {
    name: 'GET /api/moderator-invitations (one\'s own)',
    allowed: ['owner', 'moderator', 'otherModerator', 'viewer', 'banned'],
    ok: 200,
    run: (a) => call(a, 'GET', '/api/moderator-invitations'),
  },
  { name: 'GET bans', allowed: ['owner', 'moderator'], ok: 200, run: (a) => call(a, 'GET', `/api/sellers/${owner.sellerId}/bans`) },
  {
    name: 'POST bans (timeout)',
    allowed: ['owner', 'moderator'],
    ok: 201,
    run: async (a) => call(a, 'POST', `/api/sellers/${owner.sellerId}/bans`, { userId: (await makeUser(t.app, 'Troll')).id, minutes: 5 }),
  },
  {
    // A ban the store's moderator set: they and the owner may lift it (one the owner set: see below).
    name: 'DELETE bans/{userId}',
    allowed: ['owner', 'moderator'],
    ok: 200,
    run: async (a) => {
      const troll = await makeUser(t.app, 'Troll');
      await call('moderator', 'POST', `/api/sellers/${owner.sellerId}/bans`, { userId: troll.id });
      return call(a, 'DELETE', `/api/sellers/${owner.sellerId}/bans/${troll.id}`);
    },
  },
  { name: 'GET moderation-log', allowed: ['owner'], ok: 200, run: (a) => call(a, 'GET', `/api/sellers/${owner.sellerId}/moderation-log`) },
  {
    name: 'DELETE /api/messages/{id}',
    allowed: ['owner', 'moderator'],
    ok: 200,
    run: async (a) => call(a, 'DELETE', `/api/messages/${await say(viewer.id, 'rude words')}`),
  },
  {
    name: 'POST /api/messages/{id}/reports',
    allowed: ['owner', 'moderator', 'otherModerator', 'viewer', 'banned'],
    ok: 201,
    run: async (a) => call(a, 'POST', `/api/messages/${await say((await makeUser(t.app, 'Loud')).id, 'buy elsewhere')}/reports`),
  },
  { name: 'GET /api/streams/{id}/reports', allowed: ['owner', 'moderator'], ok: 200, run: (a) => call(a, 'GET', `/api/streams/${streamId}/reports`) },
  {
    name: 'PATCH /api/streams/{id}/chat-settings',
    allowed: ['owner', 'moderator'],
    ok: 200,
    run: (a) => call(a, 'PATCH', `/api/streams/${streamId}/chat-settings`, { followersOnly: false }),
  },
  // The caller's own store: everyone here but the owner has none.
  { name: 'GET /api/seller/chat-keywords', allowed: ['owner'], ok: 200, run: (a) => call(a, 'GET', '/api/seller/chat-keywords') },
  { name: 'PUT /api/seller/chat-keywords', allowed: ['owner'], ok: 200, run: (a) => call(a, 'PUT', '/api/seller/chat-keywords', { words: ['nakli'] }) },
];

describe('authorization matrix', () => {
  for (const row of matrix) {
    it(`${row.name}: ${row.allowed.join(', ')} only`, async () => {
      for (const actor of ACTORS) {
        const res = await row.run(actor);
        const expected = actor === 'signedOut' ? 401 : row.allowed.includes(actor) ? row.ok : 403;
        expect({ actor, status: res.statusCode }, res.body).toEqual({ actor, status: expected });
        expect(typeof JSON.parse(res.body || '{}')).toBe('object');
        if (expected >= 400) expect(JSON.parse(res.body).message).toEqual(expect.any(String));
      }
    });
  }

  it("gives a moderator of one store no power in another's", async () => {
    const message = await say(viewer.id, 'hello', otherStreamId);
    expect((await call('moderator', 'DELETE', `/api/messages/${message}`)).statusCode).toBe(403);
    expect((await call('moderator', 'POST', `/api/sellers/${otherOwner.sellerId}/bans`, { userId: viewer.id })).statusCode).toBe(403);
    expect((await call('moderator', 'PATCH', `/api/streams/${otherStreamId}/chat-settings`, { slowModeSeconds: 30 })).statusCode).toBe(403);
    expect((await call('otherModerator', 'DELETE', `/api/messages/${message}`)).statusCode).toBe(200);
  });
});

describe('who can act on whom', () => {
  it('lets nobody moderate the owner', async () => {
    for (const actor of ['owner', 'moderator'] as const) {
      const res = await call(actor, 'POST', `/api/sellers/${owner.sellerId}/bans`, { userId: owner.id, minutes: 1 });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe("Nobody can moderate the store's owner");
    }
    const ownersLine = await say(owner.id, 'Welcome!');
    expect((await call('moderator', 'DELETE', `/api/messages/${ownersLine}`)).statusCode).toBe(403);
    expect((await call('owner', 'DELETE', `/api/messages/${ownersLine}`)).statusCode).toBe(200);
    expect((await call('owner', 'POST', `/api/sellers/${owner.sellerId}/moderators`, { userId: owner.id })).statusCode).toBe(400);
  });

  it('keeps moderators from acting on each other, while the owner can remove one by banning', async () => {
    const second = await makeUser(t.app, 'Second');
    await appoint(owner, second);
    const res = await call('moderator', 'POST', `/api/sellers/${owner.sellerId}/bans`, { userId: second.id, minutes: 10 });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Moderators cannot act on each other');
    expect((await call('moderator', 'DELETE', `/api/messages/${await say(second.id, 'mod line')}`)).statusCode).toBe(403);
    // A moderator may take back their own line.
    expect((await call('moderator', 'DELETE', `/api/messages/${await say(moderator.id, 'oops')}`)).statusCode).toBe(200);

    expect((await call('owner', 'POST', `/api/sellers/${owner.sellerId}/bans`, { userId: second.id })).statusCode).toBe(201);
    const mods = (await call('owner', 'GET', `/api/sellers/${owner.sellerId}/moderators`)).json() as Array<{ userId: string }>;
    expect(mods.map((m) => m.userId)).not.toContain(second.id);
    expect((await call('owner', 'POST', `/api/sellers/${owner.sellerId}/moderators`, { userId: second.id })).statusCode).toBe(409);
  });
});

describe('moderators', () => {
  it('are invited by phone number too, and once they accept are listed with the last four digits', async () => {
    const phone = nextPhone();
    const cookie = await signIn(t.app, phone, 'Lakshmi');
    const me = (await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } })).json() as { id: string };
    const res = await call('owner', 'POST', `/api/sellers/${owner.sellerId}/moderators`, { phone: `+91 ${phone.slice(0, 5)} ${phone.slice(5)}` });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ phone: `+91${phone}`, displayName: null });
    const accepted = await t.app.inject({ method: 'POST', url: `/api/moderator-invitations/${res.json().id}/accept`, headers: { cookie } });
    expect(accepted.statusCode).toBe(200);
    const mods = (await call('owner', 'GET', `/api/sellers/${owner.sellerId}/moderators`)).json() as unknown[];
    expect(mods).toContainEqual(expect.objectContaining({ userId: me.id, displayName: 'Lakshmi', phoneEnding: phone.slice(-4) }));
    // Their number now answers that they moderate already; a number never seen still gets an invitation.
    expect((await call('owner', 'POST', `/api/sellers/${owner.sellerId}/moderators`, { phone })).statusCode).toBe(409);
    expect((await call('owner', 'POST', `/api/sellers/${owner.sellerId}/moderators`, { phone: '6000000001' })).statusCode).toBe(201);
    expect((await call('owner', 'POST', `/api/sellers/${owner.sellerId}/moderators`, { phone: '12345' })).statusCode).toBe(400);
    expect((await call('owner', 'DELETE', `/api/sellers/${owner.sellerId}/moderators/${randomUUID()}`)).statusCode).toBe(404);
  });

  it('tells each caller their role in the stream', async () => {
    const roles = await Promise.all(
      (['owner', 'moderator', 'otherModerator', 'viewer'] as const).map(async (a) => (await call(a, 'GET', `/api/streams/${streamId}`)).json().chatRole),
    );
    expect(roles).toEqual(['owner', 'moderator', 'viewer', 'viewer']);
  });
});

describe('bans and timeouts', () => {
  it('accept only 1, 5, 10 or 60 minutes and list what is active', async () => {
    const troll = await makeUser(t.app, 'Troll');
    const bad = await call('owner', 'POST', `/api/sellers/${owner.sellerId}/bans`, { userId: troll.id, minutes: 7 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('A timeout is 1, 5, 10 or 60 minutes');
    const ok = await call('moderator', 'POST', `/api/sellers/${owner.sellerId}/bans`, { userId: troll.id, minutes: 10 });
    expect(ok.statusCode).toBe(201);
    const until = Date.parse(ok.json().until);
    expect(until - Date.now()).toBeGreaterThan(9 * 60_000);
    expect(until - Date.now()).toBeLessThanOrEqual(10 * 60_000);
    const list = (await call('owner', 'GET', `/api/sellers/${owner.sellerId}/bans`)).json() as Array<{ userId: string; byName: string; until: string | null }>;
    expect(list.find((b) => b.userId === troll.id)).toMatchObject({ byName: 'Meera' });
    expect(list.find((b) => b.userId === banned.id)).toMatchObject({ until: null });
    expect((await call('owner', 'DELETE', `/api/sellers/${owner.sellerId}/bans/${randomUUID()}`)).statusCode).toBe(404);
  });

  it("lets a moderator lift or change only the bans they set; the owner's stand, and the owner lifts any", async () => {
    const [byOwner, byModerator, another] = await Promise.all([makeUser(t.app, 'Troll'), makeUser(t.app, 'Troll'), makeUser(t.app, 'Troll')]);
    expect((await call('owner', 'POST', `/api/sellers/${owner.sellerId}/bans`, { userId: byOwner.id })).statusCode).toBe(201);
    expect((await call('moderator', 'POST', `/api/sellers/${owner.sellerId}/bans`, { userId: byModerator.id, minutes: 60 })).statusCode).toBe(201);
    expect((await call('moderator', 'POST', `/api/sellers/${owner.sellerId}/bans`, { userId: another.id })).statusCode).toBe(201);

    const canLift = async (actor: Actor) =>
      Object.fromEntries(
        ((await call(actor, 'GET', `/api/sellers/${owner.sellerId}/bans`)).json() as Array<{ userId: string; canLift: boolean }>)
          .filter((b) => [byOwner.id, byModerator.id, another.id].includes(b.userId))
          .map((b) => [b.userId, b.canLift]),
      );
    expect(await canLift('moderator')).toEqual({ [byOwner.id]: false, [byModerator.id]: true, [another.id]: true });
    expect(await canLift('owner')).toEqual({ [byOwner.id]: true, [byModerator.id]: true, [another.id]: true });

    // Neither lifting the owner's ban nor turning it into a one-minute timeout.
    const lift = await call('moderator', 'DELETE', `/api/sellers/${owner.sellerId}/bans/${byOwner.id}`);
    expect(lift.statusCode).toBe(403);
    expect(lift.json().message).toBe("Only the store's owner or the moderator who banned this person can change this ban");
    expect((await call('moderator', 'POST', `/api/sellers/${owner.sellerId}/bans`, { userId: byOwner.id, minutes: 1 })).statusCode).toBe(403);
    const stillBanned = (await call('owner', 'GET', `/api/sellers/${owner.sellerId}/bans`)).json() as Array<{ userId: string; until: string | null }>;
    expect(stillBanned.find((b) => b.userId === byOwner.id)).toMatchObject({ until: null });

    expect((await call('moderator', 'POST', `/api/sellers/${owner.sellerId}/bans`, { userId: byModerator.id, minutes: 1 })).statusCode).toBe(201);
    expect((await call('moderator', 'DELETE', `/api/sellers/${owner.sellerId}/bans/${byModerator.id}`)).statusCode).toBe(200);
    expect((await call('owner', 'DELETE', `/api/sellers/${owner.sellerId}/bans/${another.id}`)).statusCode).toBe(200);
    expect((await call('owner', 'DELETE', `/api/sellers/${owner.sellerId}/bans/${byOwner.id}`)).statusCode).toBe(200);
  });

  it('stop gifts and votes in the store with 403 while the person can still watch', async () => {
    const gift = await call('banned', 'POST', `/api/streams/${streamId}/gifts`, { giftId: 'heart', idempotencyKey: randomUUID() });
    expect(gift.statusCode).toBe(403);
    expect(gift.json().message).toBe("You are banned from this store's shows");
    const poll = await call('owner', 'POST', `/api/streams/${streamId}/polls`, { question: 'Which colour?', options: ['Red', 'Gold'], durationMinutes: 60 });
    expect(poll.statusCode).toBe(201);
    const optionId = poll.json().options[0].id as string;
    const vote = await call('banned', 'POST', `/api/polls/${poll.json().id}/vote`, { optionId });
    expect(vote.statusCode).toBe(403);
    expect((await call('viewer', 'POST', `/api/polls/${poll.json().id}/vote`, { optionId })).statusCode).toBe(201);
    expect((await call('banned', 'GET', `/api/streams/${streamId}`)).statusCode).toBe(200);
    expect((await call('banned', 'GET', `/api/streams/${streamId}/messages`)).statusCode).toBe(200);
    // The same person is free in another store.
    expect((await call('banned', 'POST', `/api/streams/${otherStreamId}/gifts`, { giftId: 'heart', idempotencyKey: randomUUID() })).statusCode).toBe(201);
  });

  it('answer a timed-out gift with the seconds left', async () => {
    const troll = await makeUser(t.app, 'Troll');
    await call('owner', 'POST', `/api/sellers/${owner.sellerId}/bans`, { userId: troll.id, minutes: 1 });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/streams/${streamId}/gifts`,
      headers: { cookie: troll.cookie },
      payload: { giftId: 'heart', idempotencyKey: randomUUID() },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/^You are timed out in this store's shows\. Try again in (60|59|58) seconds\.$/);
  });
});

describe('deleting and reporting', () => {
  it('takes a deleted message out of the history', async () => {
    const keep = await say(viewer.id, 'Is the gold one available?');
    const gone = await say(viewer.id, 'call me for cheaper');
    expect((await call('moderator', 'DELETE', `/api/messages/${gone}`)).statusCode).toBe(200);
    const history = (await call('viewer', 'GET', `/api/streams/${streamId}/messages`)).json() as Array<{ id: string }>;
    expect(history.map((m) => m.id)).toContain(keep);
    expect(history.map((m) => m.id)).not.toContain(gone);
    // Twice is harmless; a message that never was is 404.
    expect((await call('owner', 'DELETE', `/api/messages/${gone}`)).statusCode).toBe(200);
    expect((await call('owner', 'DELETE', `/api/messages/${randomUUID()}`)).statusCode).toBe(404);
    expect((await call('owner', 'DELETE', '/api/messages/not-a-uuid')).statusCode).toBe(400);
  });

  it("lists reported messages by count, once per reporter, not one's own, and drops deleted ones", async () => {
    const { id: stream } = (await call('owner', 'GET', `/api/streams/${streamId}`)).json() as { id: string };
    const twice = await say(banned.id, 'scam link here');
    const once = await say(banned.id, 'another one');
    for (const actor of ['viewer', 'moderator'] as const) expect((await call(actor, 'POST', `/api/messages/${twice}/reports`)).statusCode).toBe(201);
    expect((await call('viewer', 'POST', `/api/messages/${twice}/reports`)).statusCode).toBe(201);
    expect((await call('viewer', 'POST', `/api/messages/${once}/reports`)).statusCode).toBe(201);
    expect((await call('banned', 'POST', `/api/messages/${once}/reports`)).json().message).toBe('You cannot report your own message');
    let reported = (await call('owner', 'GET', `/api/streams/${stream}/reports`)).json() as Array<{ messageId: string; reports: number; message: string }>;
    const mine = reported.filter((r) => r.messageId === twice || r.messageId === once);
    expect(mine).toEqual([expect.objectContaining({ messageId: twice, reports: 2, message: 'scam link here' }), expect.objectContaining({ messageId: once, reports: 1 })]);
    await call('owner', 'DELETE', `/api/messages/${twice}`);
    reported = (await call('owner', 'GET', `/api/streams/${stream}/reports`)).json();
    expect(reported.map((r) => r.messageId)).not.toContain(twice);
    expect((await call('viewer', 'POST', `/api/messages/${twice}/reports`)).statusCode).toBe(404);
  });
});

describe('chat settings and keywords', () => {
  it('come with the stream and change only what is sent', async () => {
    expect((await call('viewer', 'GET', `/api/streams/${otherStreamId}`)).json().chatSettings).toEqual({
      slowModeSeconds: 0,
      followersOnly: false,
      linksAllowed: false,
    });
    expect((await call('owner', 'PATCH', `/api/streams/${streamId}/chat-settings`, { slowModeSeconds: 7 })).statusCode).toBe(400);
    expect((await call('owner', 'PATCH', `/api/streams/${streamId}/chat-settings`, {})).statusCode).toBe(400);
    const res = await call('moderator', 'PATCH', `/api/streams/${streamId}/chat-settings`, { slowModeSeconds: 10, linksAllowed: true });
    expect(res.json()).toEqual({ slowModeSeconds: 10, followersOnly: false, linksAllowed: true });
    expect((await call('viewer', 'GET', `/api/streams/${streamId}`)).json().chatSettings).toEqual(res.json());
    await call('owner', 'PATCH', `/api/streams/${streamId}/chat-settings`, { slowModeSeconds: 0, linksAllowed: false });
  });

  it("keeps a seller's words cleaned, without repeats, at most 200", async () => {
    const res = await call('owner', 'PUT', '/api/seller/chat-keywords', { words: ['  Cheap   COPY ', 'cheap copy', 'नक़ली', 'fa\u200Bke'] });
    expect(res.statusCode).toBe(200);
    expect(res.json().words).toEqual(['cheap copy', 'नक़ली'.normalize('NFKC'), 'fake']);
    expect((await call('owner', 'GET', '/api/seller/chat-keywords')).json()).toEqual(res.json());
    const tooMany = await call('owner', 'PUT', '/api/seller/chat-keywords', { words: Array.from({ length: 201 }, (_, i) => `word${i}`) });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe('At most 200 keywords');
    expect((await call('owner', 'PUT', '/api/seller/chat-keywords', { words: ['x'.repeat(51)] })).statusCode).toBe(400);
    expect((await call('owner', 'GET', '/api/seller/chat-keywords')).json().words).toHaveLength(3);
  });
});

describe('the log', () => {
  it('records who did what to whom, newest first, for the owner', async () => {
    const log = (await call('owner', 'GET', `/api/sellers/${owner.sellerId}/moderation-log`)).json() as Array<{
      action: string;
      actorName: string;
      targetName: string | null;
      detail: string | null;
      createdAt: string;
    }>;
    const actions = new Set(log.map((e) => e.action));
    for (const a of ['moderator_added', 'moderator_removed', 'message_deleted', 'timeout', 'ban', 'unban', 'chat_settings', 'keywords']) expect(actions).toContain(a);
    expect(log.find((e) => e.action === 'message_deleted' && e.detail === 'call me for cheaper')).toMatchObject({ actorName: 'Meera', targetName: 'Rahul' });
    expect(log.find((e) => e.action === 'ban' && e.targetName === 'Spam')).toMatchObject({ actorName: 'Priya', detail: null });
    const times = log.map((e) => Date.parse(e.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    // Another store's owner reads only their own.
    const theirs = (await t.app.inject({ method: 'GET', url: `/api/sellers/${otherOwner.sellerId}/moderation-log`, headers: { cookie: otherOwner.cookie } })).json();
    expect(theirs.every((e: { actorName: string }) => e.actorName !== 'Meera')).toBe(true);
  });
});
