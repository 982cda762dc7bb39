import net, { type AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../testing/test-app.js';
import { makeUser, type TestUser } from '../../testing/fixtures.js';
import { TestBrowser } from '../../testing/push-service.js';
import { notifications } from '../shopper/tables.js';
import { PushAgent } from './agent.js';
import { createPushSender } from './sender.js';
import { pushSubscriptions } from './tables.js';

// Subscriptions saved before issue 25 may hold endpoints the routes now refuse. web-push reads
// `https://127.0.0.1;.fcm.googleapis.com/x` as host 127.0.0.1 (Node's legacy url.parse), so only the
// check at connect time stands between such a row and a connection to the server's own machine.
const PARSER_TRICKS = ['https://127.0.0.1;.fcm.googleapis.com/x', "https://localhost'.push.apple.com/x", 'https://127.0.0.1{.notify.windows.com/x'];

let t: TestApp;
let fan: TestUser;
let other: TestUser;
const link = '/stream/old-data';
beforeAll(async () => {
  // The production list of push services (the default), not the test's 127.0.0.1.
  t = await buildTestApp({ OTP_SEND_LIMIT_PER_IP: '1000' });
  fan = await makeUser(t.app, 'Kiran');
  other = await makeUser(t.app, 'Meera');
  const keys = new TestBrowser().subscription('').keys;
  // Straight into the tables, as old data: the routes would refuse every one of these endpoints.
  for (const who of [fan, other]) await t.database.db.insert(notifications).values({ userId: who.id, type: 'stream_start', title: 'Live now', message: 'A show started', link });
  await t.database.db.insert(pushSubscriptions).values(PARSER_TRICKS.map((endpoint) => ({ userId: fan.id, endpoint, ...keys })));
  // A push service's host on another port: refused too (only 443).
  await t.database.db.insert(pushSubscriptions).values({ userId: other.id, endpoint: 'https://fcm.googleapis.com:8443/x', ...keys });
});
afterAll(() => t.close());

/** A real pino logger (Fastify's), recording what the sender says. */
function recordingLog() {
  const lines: { msg: string; err?: { message: string } }[] = [];
  const { log } = Fastify({ logger: { level: 'warn', stream: { write: (line: string) => void lines.push(JSON.parse(line)) } } });
  return { log, lines };
}

/** A plain TCP listener on 127.0.0.1 that counts who connects to it. */
async function startTrap() {
  let connections = 0;
  const server = net.createServer((socket) => {
    connections += 1;
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    connections: () => connections,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

describe('Web Push sender', () => {
  it('refuses, at connect time, every host off PUSH_SERVICE_HOSTS that a stored endpoint leads to', async () => {
    const { log, lines } = recordingLog();
    const sender = createPushSender({ db: t.database.db, vapid: t.config.vapid, log, hosts: t.config.pushServiceHosts });
    await sender.sendNotifications([fan.id, other.id], link);
    const refused = lines.filter((l) => l.msg === 'web push failed').map((l) => l.err?.message).sort();
    // Not a failed connection (ECONNREFUSED on 127.0.0.1:443): no connection was tried.
    expect(refused).toEqual(
      ['127.0.0.1:443', '127.0.0.1:443', 'fcm.googleapis.com:8443', 'localhost:443'].map((to) => `Web Push refused to connect to ${to}: not a push service`),
    );
  });

  it('opens no connection to 127.0.0.1 for those endpoints, even on the port it would reach', async () => {
    const trap = await startTrap();
    const { log } = recordingLog();
    try {
      // The agent sends every request to the trap's port, as the test push service's agent does.
      const guarded = new PushAgent(t.config.pushServiceHosts, { port: trap.port });
      await createPushSender({ db: t.database.db, vapid: t.config.vapid, log, hosts: t.config.pushServiceHosts, agent: guarded }).sendNotifications([fan.id], link);
      expect(trap.connections()).toBe(0);

      // The trap does see a connection to a host that is on the list (here 127.0.0.1 itself).
      const open = new PushAgent(['127.0.0.1'], { port: trap.port });
      await createPushSender({ db: t.database.db, vapid: t.config.vapid, log, hosts: ['127.0.0.1'], agent: open }).sendNotifications([fan.id], link);
      expect(trap.connections()).toBeGreaterThan(0);
      guarded.destroy();
      open.destroy();
    } finally {
      await trap.close();
    }
  });
});
