import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MODERATOR_INVITATION_DAYS, ModeratorInvitation, MyModeratorInvitationList, NotificationList } from '@live-market/contract';
import { buildTestApp, signIn, type TestApp } from '../../testing/test-app.js';
import { goLive, makeSeller, makeUser, nextPhone, type TestSeller, type TestUser } from '../../testing/fixtures.js';
import { user } from '../auth/index.js';
import { moderatorInvitations } from './tables.js';

// Issue 25: "add moderator by phone" told any new store whether a number had an account, and whose it
// was, and made that person a moderator without asking. Now it is an invitation they accept in the app.
let t: TestApp;
let store: TestSeller;
let streamId: string;

beforeAll(async () => {
  // Many people sign in here from one address: more codes per network than the default allows.
  t = await buildTestApp({ OTP_SEND_LIMIT_PER_IP: '1000' });
  store = await makeSeller(t.app, t.database.db, 'Divya');
  streamId = await goLive(t.app, store);
});
afterAll(async () => t?.close());

type Who = { cookie: string };
const call = (who: Who | null, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: who ? { cookie: who.cookie } : {}, ...(payload ? { payload } : {}) });
const invite = (phone: string, by: TestSeller = store) => call(by, 'POST', `/api/sellers/${by.sellerId}/moderators`, { phone });
const mine = async (who: Who) => MyModeratorInvitationList.parse((await call(who, 'GET', '/api/moderator-invitations')).json());
const pending = async (by: TestSeller = store) => (await call(by, 'GET', `/api/sellers/${by.sellerId}/moderator-invitations`)).json() as ModeratorInvitation[];
const moderatorIds = async () => ((await call(store, 'GET', `/api/sellers/${store.sellerId}/moderators`)).json() as Array<{ userId: string }>).map((m) => m.userId);
/** Moderator powers: changing the store's chat settings. */
const mayModerate = async (who: Who) => (await call(who, 'PATCH', `/api/streams/${streamId}/chat-settings`, { followersOnly: false })).statusCode === 200;

/** A person who signed in with a phone number, and that number. */
async function person(firstName: string): Promise<TestUser & { phone: string }> {
  const phone = nextPhone();
  const cookie = await signIn(t.app, phone, firstName);
  const me = await call({ cookie }, 'GET', '/api/auth/user');
  return { id: me.json().id, cookie, phone };
}

describe('inviting a moderator by phone number', () => {
  it('answers the same for a number with an account and one without, with no name and no account id', async () => {
    const lakshmi = await person('Lakshmi');
    const nobody = nextPhone();
    const withAccount = await invite(`+91 ${lakshmi.phone.slice(0, 5)} ${lakshmi.phone.slice(5)}`);
    const without = await invite(nobody);

    expect([withAccount.statusCode, without.statusCode]).toEqual([201, 201]);
    expect(withAccount.headers['content-type']).toBe(without.headers['content-type']);
    const [a, b] = [ModeratorInvitation.parse(withAccount.json()), ModeratorInvitation.parse(without.json())];
    expect(Object.keys(withAccount.json()).sort()).toEqual(Object.keys(without.json()).sort());
    expect(a).toMatchObject({ phone: `+91${lakshmi.phone}`, displayName: null });
    expect(b).toMatchObject({ phone: `+91${nobody}`, displayName: null });
    // Same length: only the digits and the generated id and times differ.
    expect(withAccount.body.length).toBe(without.body.length);
    for (const body of [withAccount.body, JSON.stringify(await pending()), JSON.stringify(await moderatorIds())]) {
      expect(body).not.toContain('Lakshmi');
      expect(body).not.toContain(lakshmi.id);
    }
    expect(await mayModerate(lakshmi)).toBe(false);

    // The account hears of it in the app (after the owner's answer has gone).
    await vi.waitFor(async () => {
      const notes = NotificationList.parse((await call(lakshmi, 'GET', '/api/notifications')).json());
      expect(notes[0]).toMatchObject({
        type: 'moderator_invite',
        title: "Divya's Store invites you to moderate its shows",
        message: `Accept to help run its live chat. The invitation is open for ${MODERATOR_INVITATION_DAYS} days.`,
        link: '/notifications',
        isRead: false,
      });
    });
  });

  it('makes the invitee a moderator only when they accept, and only then shows the owner their name', async () => {
    const meena = await person('Meena');
    const sent = ModeratorInvitation.parse((await invite(meena.phone)).json());
    expect(Date.parse(sent.expiresAt) - Date.parse(sent.invitedAt)).toBeCloseTo(MODERATOR_INVITATION_DAYS * 24 * 3600_000, -4);

    const [waiting] = await mine(meena);
    expect(waiting).toMatchObject({ id: sent.id, sellerId: store.sellerId, storeName: "Divya's Store" });
    expect(await mayModerate(meena)).toBe(false);
    expect(await moderatorIds()).not.toContain(meena.id);

    const accepted = await call(meena, 'POST', `/api/moderator-invitations/${sent.id}/accept`);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toEqual({ id: sent.id, sellerId: store.sellerId, storeName: "Divya's Store", role: 'moderator' });
    expect(await mayModerate(meena)).toBe(true);
    expect((await call(meena, 'GET', `/api/streams/${streamId}`)).json().chatRole).toBe('moderator');
    const mods = (await call(store, 'GET', `/api/sellers/${store.sellerId}/moderators`)).json() as Array<{ userId: string; displayName: string }>;
    expect(mods).toContainEqual(expect.objectContaining({ userId: meena.id, displayName: 'Meena' }));
    expect((await pending()).map((i) => i.id)).not.toContain(sent.id);
    expect(await mine(meena)).toEqual([]);
    // Answered once: a second accept finds nothing.
    expect((await call(meena, 'POST', `/api/moderator-invitations/${sent.id}/accept`)).statusCode).toBe(404);
    const log = (await call(store, 'GET', `/api/sellers/${store.sellerId}/moderation-log`)).json() as Array<{ action: string; actorName: string; targetName: string }>;
    expect(log).toContainEqual(expect.objectContaining({ action: 'moderator_added', actorName: 'Divya', targetName: 'Meena' }));
  });

  it('waits for a number that signs up later', async () => {
    const phone = nextPhone();
    const sent = ModeratorInvitation.parse((await invite(phone)).json());
    const cookie = await signIn(t.app, phone, 'Kiran');
    const [waiting] = await mine({ cookie });
    expect(waiting?.id).toBe(sent.id);
    expect((await call({ cookie }, 'POST', `/api/moderator-invitations/${sent.id}/accept`)).statusCode).toBe(200);
    expect(await mayModerate({ cookie })).toBe(true);
  });

  it('is removed when the invitee declines, and gives no powers', async () => {
    const asha = await person('Asha');
    const sent = ModeratorInvitation.parse((await invite(asha.phone)).json());
    const declined = await call(asha, 'POST', `/api/moderator-invitations/${sent.id}/decline`);
    expect(declined.statusCode).toBe(200);
    expect(declined.json()).toEqual({ id: sent.id, removed: true });
    expect(await mine(asha)).toEqual([]);
    expect((await pending()).map((i) => i.id)).not.toContain(sent.id);
    expect((await call(asha, 'POST', `/api/moderator-invitations/${sent.id}/accept`)).statusCode).toBe(404);
    expect(await mayModerate(asha)).toBe(false);
  });

  it('cannot be accepted or declined by anyone else; only its store owner cancels it', async () => {
    const ravi = await person('Ravi');
    const stranger = await makeUser(t.app, 'Stranger');
    const otherStore = await makeSeller(t.app, t.database.db, 'Kavya');
    const sent = ModeratorInvitation.parse((await invite(ravi.phone)).json());

    for (const who of [stranger, otherStore, store]) {
      for (const answer of ['accept', 'decline']) {
        const res = await call(who, 'POST', `/api/moderator-invitations/${sent.id}/${answer}`);
        expect(res.statusCode).toBe(404);
        expect(res.json().message).toBe('This invitation is no longer open');
      }
      expect(await mine(who)).toEqual([]);
    }
    expect((await call(null, 'POST', `/api/moderator-invitations/${sent.id}/accept`)).statusCode).toBe(401);
    expect((await call(stranger, 'POST', '/api/moderator-invitations/not-an-id/accept')).statusCode).toBe(400);
    expect(await mayModerate(stranger)).toBe(false);

    expect((await call(otherStore, 'DELETE', `/api/sellers/${store.sellerId}/moderator-invitations/${sent.id}`)).statusCode).toBe(403);
    expect((await call(otherStore, 'DELETE', `/api/sellers/${otherStore.sellerId}/moderator-invitations/${sent.id}`)).statusCode).toBe(404);
    expect((await call(store, 'DELETE', `/api/sellers/${store.sellerId}/moderator-invitations/${sent.id}`)).json()).toEqual({ id: sent.id, removed: true });
    expect(await mine(ravi)).toEqual([]);
    expect((await call(ravi, 'POST', `/api/moderator-invitations/${sent.id}/accept`)).statusCode).toBe(404);
    expect((await call(store, 'DELETE', `/api/sellers/${store.sellerId}/moderator-invitations/${sent.id}`)).statusCode).toBe(404);
  });

  it(`expires after ${MODERATOR_INVITATION_DAYS} days`, async () => {
    const neha = await person('Neha');
    const sent = ModeratorInvitation.parse((await invite(neha.phone)).json());
    expect(await mine(neha)).toHaveLength(1);
    await t.database.db.update(moderatorInvitations).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(moderatorInvitations.id, sent.id));
    expect(await mine(neha)).toEqual([]);
    expect((await pending()).map((i) => i.id)).not.toContain(sent.id);
    expect((await call(neha, 'POST', `/api/moderator-invitations/${sent.id}/accept`)).statusCode).toBe(404);
    expect(await mayModerate(neha)).toBe(false);
    // The number can be invited afresh.
    expect((await invite(neha.phone)).statusCode).toBe(201);
  });

  it("refuses a second invitation to the same number, the owner's own number, and a banned person's acceptance", async () => {
    const phone = nextPhone();
    expect((await invite(phone)).statusCode).toBe(201);
    const again = await invite(phone);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('You have already invited them. The invitation is waiting for an answer.');

    const [owner] = await t.database.db.select({ phone: user.phoneNumber }).from(user).where(eq(user.id, store.id));
    const own = await invite(owner!.phone!.slice(3));
    expect(own.statusCode).toBe(400);
    expect(own.json().message).toBe('You already run this store');

    const troll = await person('Troll');
    const sent = ModeratorInvitation.parse((await invite(troll.phone)).json());
    expect((await call(store, 'POST', `/api/sellers/${store.sellerId}/bans`, { userId: troll.id })).statusCode).toBe(201);
    const refused = await call(troll, 'POST', `/api/moderator-invitations/${sent.id}/accept`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe("You are banned from this store's shows");
    expect(await mayModerate(troll)).toBe(false);
  });
});

describe('limits', () => {
  it('keeps at most 10 invitations waiting and 20 sent a day per store', async () => {
    const busy = await makeSeller(t.app, t.database.db, 'Busy');
    const first = await Promise.all(Array.from({ length: 10 }, () => invite(nextPhone(), busy)));
    expect(first.map((r) => r.statusCode)).toEqual(Array(10).fill(201));
    const eleventh = await invite(nextPhone(), busy);
    expect(eleventh.statusCode).toBe(409);
    expect(eleventh.json().message).toBe('You can have at most 10 invitations waiting. Cancel one first.');

    for (const res of first) await call(busy, 'DELETE', `/api/sellers/${busy.sellerId}/moderator-invitations/${res.json().id}`);
    const second = await Promise.all(Array.from({ length: 10 }, () => invite(nextPhone(), busy)));
    expect(second.map((r) => r.statusCode)).toEqual(Array(10).fill(201));
    await call(busy, 'DELETE', `/api/sellers/${busy.sellerId}/moderator-invitations/${second[0]!.json().id}`);
    const tooMany = await invite(nextPhone(), busy);
    expect(tooMany.statusCode).toBe(429);
    expect(tooMany.json().message).toBe('Too many invitations today. Try again tomorrow.');
    expect(Number(tooMany.headers['retry-after'])).toBeGreaterThan(0);
    expect(await pending(busy)).toHaveLength(9);
  });
});
