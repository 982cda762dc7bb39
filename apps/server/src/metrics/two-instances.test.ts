import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { readEnv } from '../config/env.js';
import { fromPool, type Database } from '../db/client.js';
import { buildTestApp, type TestApp } from '../testing/test-app.js';
import { goLive, makeSeller, makeUser } from '../testing/fixtures.js';
import { TestSocket, wsUrl } from '../testing/ws-client.js';

// Two instances on one PostgreSQL and one Redis: a chat line sent on A is timed on B as well (by the
// wall clock it carries), both report the show's one cross-instance count, and each its own sockets.
const env = readEnv();

describe.runIf(env.DATABASE_URL && env.REDIS_URL)('metrics of two instances', () => {
  let t: TestApp;
  let other: Database;
  let b: FastifyInstance;
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    t = await buildTestApp();
    other = fromPool(new pg.Pool({ connectionString: t.databaseUrl, max: 5 }));
    b = await buildApp({ config: t.config, database: other, printOtp: () => {}, webDist: '/nonexistent', housekeeping: false });
    await b.ready();
  }, 60_000);
  afterAll(async () => {
    for (const s of sockets) s.close();
    await b?.close();
    await other?.close();
    await t?.close();
  });

  async function sample(app: FastifyInstance, name: string, labels: Record<string, string> = {}, metricName = name) {
    const metrics = (await app.metrics.getMetricsAsJSON()) as Array<{ name: string; values: Array<{ value: number; labels: Record<string, string | number>; metricName?: string }> }>;
    const metric = metrics.find((m) => m.name === name);
    return metric?.values.find((v) => (v.metricName ?? name) === metricName && Object.entries(labels).every(([k, x]) => String(v.labels[k]) === x))?.value;
  }
  const fanouts = async (app: FastifyInstance) => (await sample(app, 'livemarket_chat_fanout_seconds', {}, 'livemarket_chat_fanout_seconds_count')) ?? 0;

  it("times chat fan-out on every instance with viewers, and counts each instance's own sockets", async () => {
    const seller = await makeSeller(t.app, t.database.db);
    const viewer = await makeUser(t.app, 'Rahul');
    const streamId = await goLive(t.app, seller);
    const onA = await TestSocket.connect(await wsUrl(t.app), { cookie: viewer.cookie, origin: t.config.publicOrigin });
    const onB = await TestSocket.connect(await wsUrl(b), { cookie: seller.cookie, origin: t.config.publicOrigin });
    sockets.push(onA, onB);
    onA.send({ type: 'join_stream', streamId });
    await onA.nextOf('viewer_count_update');
    onB.send({ type: 'join_stream', streamId });
    await onB.nextOf('viewer_count_update');
    expect(await sample(t.app, 'livemarket_ws_connections')).toBe(1);
    expect(await sample(b, 'livemarket_ws_connections')).toBe(1);

    const [beforeA, beforeB] = [await fanouts(t.app), await fanouts(b)];
    onA.send({ type: 'chat_message', streamId, message: 'Across instances', clientId: randomUUID() });
    await onB.nextOf('new_chat_message');
    await onA.nextOf('new_chat_message');
    expect(await fanouts(t.app)).toBe(beforeA + 1);
    expect(await fanouts(b)).toBe(beforeB + 1);
    // Carried across Redis, the line still took well under a second.
    const sumB = (await sample(b, 'livemarket_chat_fanout_seconds', {}, 'livemarket_chat_fanout_seconds_sum'))!;
    expect(sumB).toBeLessThan(1);

    // One viewer (the seller does not count), seen alike from both instances.
    await expect.poll(() => sample(t.app, 'livemarket_show_viewers', { stream_id: streamId }), { timeout: 3000 }).toBe(1);
    await expect.poll(() => sample(b, 'livemarket_show_viewers', { stream_id: streamId }), { timeout: 3000 }).toBe(1);
    expect(await sample(b, 'livemarket_redis_up')).toBe(1);
  });
});
