import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PushPayload } from '@live-market/contract';
import { TestClock } from '../../jobs/clock.js';
import { buildApp } from '../../app.js';
import { loadConfig, readEnv } from '../../config/env.js';
import { fromPool, type Database } from '../../db/client.js';
import { createTestDatabase } from '../../testing/test-app.js';
import { makeSeller, makeUser, type TestSeller, type TestUser } from '../../testing/fixtures.js';
import { eventually, startPushService, TestBrowser, type PushService } from '../../testing/push-service.js';
import { notifications } from '../shopper/tables.js';
import { REMINDER_JOB } from './jobs.js';

// Issue 13: reminder timing on a fake clock (1 h, 5 min, live), firing once across two app instances
// that share one database, and surviving a restart. Moving the TestClock makes the jobs it passes due
// in the database and wakes every instance's workers (decision 039).
// On PostgreSQL (npm run test:services) each instance has its own pool; on PGlite they share the client.
const MINUTE = 60_000;

let database: Database;
let drop: () => Promise<void>;
let url: string | undefined;
let pushService: PushService;
const clock = new TestClock();
const config = loadConfig({ ...readEnv(), REDIS_PREFIX: `lm-test:${randomUUID()}:`, OTP_SEND_LIMIT_PER_IP: '1000', PUSH_SERVICE_HOSTS: '127.0.0.1' });
const opened: Database[] = [];
const running = new Set<FastifyInstance>();

/** Another app instance on the same database, running the queue on the shared clock. */
async function instance(): Promise<FastifyInstance> {
  const db = url ? fromPool(new pg.Pool({ connectionString: url, max: 5 })) : database;
  if (url) opened.push(db);
  const app = await buildApp({ config, database: db, printOtp: () => {}, webDist: '/nonexistent', media: null, housekeeping: false, jobs: { clock, work: true }, pushAgent: pushService.agent });
  await app.ready();
  running.add(app);
  return app;
}
async function stop(app: FastifyInstance) {
  running.delete(app);
  await app.close();
}

beforeAll(async () => {
  pushService = await startPushService();
  ({ database, drop, url } = await createTestDatabase());
});
afterAll(async () => {
  for (const app of running) await app.close();
  for (const db of opened) await db.close();
  await database.close();
  await drop();
  await pushService.close();
});

const send = (app: FastifyInstance, method: 'POST' | 'PATCH', path: string, who: TestUser, payload?: object) =>
  app.inject({ method, url: path, headers: { cookie: who.cookie }, ...(payload ? { payload } : {}) });

/** Each user's notifications of one type about one link, as a count per user. */
async function counts(type: string, link: string, users: TestUser[]): Promise<number[]> {
  const rows = await database.db
    .select({ userId: notifications.userId })
    .from(notifications)
    .where(and(eq(notifications.type, type), eq(notifications.link, link)));
  return users.map((u) => rows.filter((r) => r.userId === u.id).length);
}

/** Moves the shared clock to `at`, then a little on, as the instances' polls would. */
async function moveTo(at: number) {
  await clock.setTime(at);
  await clock.tick(3000);
}

/** Gives handlers time to finish, moves time on, and waits again: nothing more may arrive. */
async function settle() {
  await new Promise((r) => setTimeout(r, 500));
  await clock.tick(5000);
  await new Promise((r) => setTimeout(r, 500));
}

async function jobStates(streamId: string): Promise<string[]> {
  const result = (await database.db.execute(
    sql`select state from pgboss.job where name = ${REMINDER_JOB} and data->>'streamId' = ${streamId} order by start_after`,
  )) as unknown as { rows: { state: string }[] };
  return result.rows.map((r) => r.state);
}

async function scheduleShow(app: FastifyInstance, owner: TestSeller, title: string): Promise<{ id: string; at: number }> {
  // Two hours ahead on the shared clock; the streams service checks the lead on the real one, which
  // the test clock has not left yet.
  const at = clock.now() + 120 * MINUTE;
  const res = await send(app, 'POST', '/api/streams', owner, { title, scheduledFor: new Date(at).toISOString() });
  expect(res.statusCode).toBe(201);
  return { id: res.json().id, at: new Date(res.json().scheduledFor).getTime() };
}

describe('reminders on a fake clock', () => {
  it('sends each reminder once at 1 h and 5 min and one stream_start at live, across two instances', async () => {
    const a = await instance();
    const b = await instance();
    const seller = await makeSeller(a, database.db, 'Anjali');
    const both = await makeUser(a, 'Rahul'); // follows and reminded
    const reminded = await makeUser(b, 'Sneha');
    const follower = await makeUser(b, 'Kiran');
    const stranger = await makeUser(a, 'Ravi');
    for (const who of [both, follower]) await send(b, 'POST', `/api/sellers/${seller.sellerId}/follow`, who);
    const phone = new TestBrowser();
    expect((await send(b, 'POST', '/api/push/subscriptions', both, phone.subscription(`${pushService.origin}/push/rahul`))).statusCode).toBe(204);

    const show = await scheduleShow(a, seller, 'Saree drop at 7');
    for (const who of [both, reminded]) expect((await send(b, 'POST', `/api/streams/${show.id}/reminders`, who)).json()).toEqual({ reminded: true });
    const link = `/stream/${show.id}`;
    const everyone = [both, reminded, follower, stranger, seller];
    expect(await jobStates(show.id)).toEqual(['created', 'created']);

    // A minute before the first reminder: nothing yet.
    await moveTo(show.at - 61 * MINUTE);
    await settle();
    expect(await counts('stream_reminder', link, everyone)).toEqual([0, 0, 0, 0, 0]);

    // One hour before: one reminder for each reminded person, from whichever instance took the job.
    await moveTo(show.at - 60 * MINUTE);
    await eventually(async () => expect(await counts('stream_reminder', link, everyone)).toEqual([1, 1, 0, 0, 0]));
    await settle();
    expect(await counts('stream_reminder', link, everyone)).toEqual([1, 1, 0, 0, 0]);
    const [hour] = await eventually(() => {
      const got = pushService.to('/push/rahul');
      expect(got).toHaveLength(1);
      return got;
    });
    expect(hour!.headers).toMatchObject({ ttl: '3600', urgency: 'normal' });
    expect(PushPayload.parse(phone.decrypt(hour!.body))).toEqual({ title: "Anjali's Store goes live in 60 minutes", body: 'Saree drop at 7. Tap to see the show.', link, tag: link });

    // Five minutes before: one more each.
    await moveTo(show.at - 5 * MINUTE);
    await eventually(async () => expect(await counts('stream_reminder', link, everyone)).toEqual([2, 2, 0, 0, 0]));
    await settle();
    expect(await counts('stream_reminder', link, everyone)).toEqual([2, 2, 0, 0, 0]);
    const five = await eventually(() => {
      const got = pushService.to('/push/rahul');
      expect(got).toHaveLength(2);
      return got[1]!;
    });
    expect(five.headers).toMatchObject({ ttl: '300', urgency: 'high' });
    expect(PushPayload.parse(phone.decrypt(five.body)).title).toBe("Anjali's Store goes live in 5 minutes");
    expect(await jobStates(show.id)).toEqual(['completed', 'completed']);

    // Live: one stream_start for every follower and reminded person, the reminded follower included.
    expect((await send(b, 'PATCH', `/api/streams/${show.id}`, seller, { isLive: true })).statusCode).toBe(200);
    expect(await counts('stream_start', link, everyone)).toEqual([1, 1, 1, 0, 0]);
    await eventually(() => expect(pushService.to('/push/rahul')).toHaveLength(3));
    expect(pushService.to('/push/rahul')[2]!.headers).toMatchObject({ urgency: 'high' });

    // Time goes on: nothing more.
    await moveTo(show.at + 60 * MINUTE);
    await settle();
    expect(await counts('stream_reminder', link, everyone)).toEqual([2, 2, 0, 0, 0]);
    expect(await counts('stream_start', link, everyone)).toEqual([1, 1, 1, 0, 0]);
    expect(pushService.to('/push/rahul')).toHaveLength(3);
    await stop(a);
    await stop(b);
  });

  it('keeps a reminder through a restart: queued by one instance, sent once by the next', async () => {
    const a = await instance();
    const seller = await makeSeller(a, database.db, 'Meera');
    const reminded = await makeUser(a, 'Divya');
    const show = await scheduleShow(a, seller, 'Kanjivaram sarees');
    await send(a, 'POST', `/api/streams/${show.id}/reminders`, reminded);
    const link = `/stream/${show.id}`;

    // Every instance is down when the hour-before reminder falls due.
    await stop(a);
    await clock.setTime(show.at - 59 * MINUTE);

    const next = await instance();
    await clock.tick(3000);
    await eventually(async () => expect(await counts('stream_reminder', link, [reminded])).toEqual([1]));
    // A second instance starting re-queues the show's reminders: the same jobs, nothing new.
    const another = await instance();
    await settle();
    expect(await counts('stream_reminder', link, [reminded])).toEqual([1]);
    expect(await jobStates(show.id)).toEqual(['completed', 'created']);

    await moveTo(show.at - 5 * MINUTE);
    await eventually(async () => expect(await counts('stream_reminder', link, [reminded])).toEqual([2]));
    await settle();
    expect(await counts('stream_reminder', link, [reminded])).toEqual([2]);
    await stop(next);
    await stop(another);
  });

  it('sends nothing for a show started early or cancelled', async () => {
    const a = await instance();
    const early = await makeSeller(a, database.db, 'Lata');
    const cancelling = await makeSeller(a, database.db, 'Pooja');
    const reminded = await makeUser(a, 'Nikhil');
    const started = await scheduleShow(a, early, 'Early bird');
    const cancelled = await scheduleShow(a, cancelling, 'Not today');
    for (const s of [started, cancelled]) await send(a, 'POST', `/api/streams/${s.id}/reminders`, reminded);

    await send(a, 'PATCH', `/api/streams/${started.id}`, early, { isLive: true });
    expect((await a.inject({ method: 'DELETE', url: `/api/streams/${cancelled.id}`, headers: { cookie: cancelling.cookie } })).statusCode).toBe(204);
    for (const minutes of [60, 5]) {
      await moveTo(Math.max(started.at, cancelled.at) - minutes * MINUTE);
      await settle();
    }
    expect(await counts('stream_reminder', `/stream/${started.id}`, [reminded])).toEqual([0]);
    expect(await counts('stream_reminder', `/stream/${cancelled.id}`, [reminded])).toEqual([0]);
    expect(await counts('stream_start', `/stream/${started.id}`, [reminded])).toEqual([1]);
    expect(await counts('stream_cancelled', '/notifications', [reminded])).toEqual([1]);
    await stop(a);
  });
});
