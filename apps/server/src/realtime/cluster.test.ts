import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script, shared with `npm run cluster`
import { writeNginxConfig } from '../../../../scripts/cluster-config.mjs';
import { readEnv } from '../config/env.js';
import { user } from '../modules/auth/index.js';
import { products } from '../modules/products/index.js';
import { sellers } from '../modules/sellers/index.js';
import { ORIGIN, startInstances, type Instances } from '../testing/instances.js';
import { TestSocket } from '../testing/ws-client.js';

// Issue 15: two instances behind nginx with the repo's config (deploy/nginx/livemarket.conf), on one
// PostgreSQL and one Redis. The seller's socket lands on one instance, the viewer's on the other, and
// each sees what the other does.
const env = readEnv();
const nginxBinary = spawnSync('sh', ['-c', 'command -v nginx || ls /usr/sbin/nginx'], { encoding: 'utf8' }).stdout.trim().split('\n')[0];

describe.runIf(env.DATABASE_URL && env.REDIS_URL && nginxBinary)('two instances behind nginx', () => {
  const ports = [5191, 5192];
  const proxyPort = 5190;
  const runDir = path.join(os.tmpdir(), `lm-nginx-${randomUUID()}`);
  let x: Instances;
  let nginx: ChildProcess;
  const sockets: TestSocket[] = [];
  const viaProxy = (method: string, url: string, cookie: string, body?: object) =>
    fetch(`http://127.0.0.1:${proxyPort}${url}`, {
      method,
      headers: { origin: ORIGIN, cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });

  beforeAll(async () => {
    x = await startInstances(ports, { TRUST_PROXY: 'true' });
    const conf = writeNginxConfig({ runDir, port: proxyPort, instancePorts: ports }) as string;
    nginx = spawn(nginxBinary!, ['-p', runDir, '-c', conf, '-e', path.join(runDir, 'error.log'), '-g', 'daemon off;'], { stdio: 'inherit' });
    for (let i = 0; ; i++) {
      const up = await fetch(`http://127.0.0.1:${proxyPort}/api/health`).then((r) => r.ok, () => false);
      if (up) break;
      if (i > 100) throw new Error('nginx did not start');
      await new Promise((r) => setTimeout(r, 100));
    }
  }, 90_000);

  afterAll(async () => {
    for (const s of sockets) s.close();
    if (nginx && nginx.exitCode === null) {
      const exited = new Promise((r) => nginx.once('exit', r));
      nginx.kill('SIGQUIT');
      await exited;
    }
    await x?.stop();
  });

  /** A socket through nginx that landed on a different instance than `other` (or any, without one). */
  async function socketThroughProxy(cookie: string, other?: TestSocket): Promise<TestSocket> {
    for (let i = 0; i < 10; i++) {
      const s = await TestSocket.connect(`ws://127.0.0.1:${proxyPort}/ws`, { cookie, origin: ORIGIN });
      if (!other || s.upgradeHeaders['x-upstream'] !== other.upgradeHeaders['x-upstream']) {
        sockets.push(s);
        return s;
      }
      s.close();
    }
    throw new Error('nginx never spread the sockets');
  }

  it('a viewer on one instance and the seller on the other see chat, counts, products, polls, deals and moderation', async () => {
    const sellerCookie = await x.signIn(ports[0]!, '9300000001', 'Priya');
    const viewerCookie = await x.signIn(ports[1]!, '9300000002', 'Rahul');
    const [sellerUser] = await x.database.db.select().from(user).where(eq(user.phoneNumber, '+919300000001'));
    const [store] = await x.database.db.insert(sellers).values({ userId: sellerUser!.id, storeName: 'Behind nginx', category: 'jewelry' }).returning();
    const [product] = await x.database.db
      .insert(products)
      .values({ sellerId: store!.id, name: 'Kundan choker', price: '2499.00', category: 'jewelry', stockQuantity: 10 })
      .returning();
    const created = await viaProxy('POST', '/api/streams', sellerCookie, { title: 'Through nginx' });
    expect(created.status).toBe(201);
    // nginx's own request id is the one the instance answers (and logs) with.
    expect(created.headers.get('x-request-id')).toMatch(/^[0-9a-f]{32}$/);
    const streamId = ((await created.json()) as { id: string }).id;

    const seller = await socketThroughProxy(sellerCookie);
    const viewer = await socketThroughProxy(viewerCookie, seller);
    expect(seller.upgradeHeaders['x-upstream']).toMatch(/^127\.0\.0\.1:519[12]$/);
    expect(viewer.upgradeHeaders['x-upstream']).not.toBe(seller.upgradeHeaders['x-upstream']);
    seller.send({ type: 'join_stream', streamId });
    await seller.nextOf('viewer_count_update');
    viewer.send({ type: 'join_stream', streamId });
    // The seller's instance counts the viewer on the other one.
    for (;;) if ((await seller.nextOf('viewer_count_update')).count === 1) break;

    viewer.send({ type: 'chat_message', streamId, message: 'Is the choker still there?' });
    const asked = (await seller.nextOf('new_chat_message')).message as { id: string; message: string };
    expect(asked.message).toBe('Is the choker still there?');
    seller.send({ type: 'chat_message', streamId, message: 'Yes, ten left' });
    for (;;) if (((await viewer.nextOf('new_chat_message')).message as { message: string }).message === 'Yes, ten left') break;

    seller.send({ type: 'product_featured', streamId, product: { id: product!.id } });
    expect(((await viewer.nextOf('product_featured')).product as { id: string }).id).toBe(product!.id);

    expect((await viaProxy('POST', `/api/streams/${streamId}/polls`, sellerCookie, { question: 'Gold or silver?', options: ['Gold', 'Silver'] })).status).toBe(201);
    expect(((await viewer.nextOf('poll_updated')).poll as { question: string }).question).toBe('Gold or silver?');

    const deal = await viaProxy('POST', `/api/streams/${streamId}/deals`, sellerCookie, { productId: product!.id, dealPrice: '1999', units: 5, perBuyerLimit: 1, durationSeconds: 60 });
    expect(deal.status).toBe(201);
    expect(((await viewer.nextOf('deal_update')).deal as { dealPrice: string }).dealPrice).toBe('1999.00');

    expect((await viaProxy('PATCH', `/api/streams/${streamId}/chat-settings`, sellerCookie, { slowModeSeconds: 5 })).status).toBe(200);
    expect(((await viewer.nextOf('chat_settings_update')).chatSettings as { slowModeSeconds: number }).slowModeSeconds).toBe(5);
    expect((await viaProxy('DELETE', `/api/messages/${asked.id}`, sellerCookie)).status).toBe(200);
    expect((await viewer.nextOf('chat_message_deleted')).messageId).toBe(asked.id);
  }, 60_000);
});
