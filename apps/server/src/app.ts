import { randomUUID } from 'node:crypto';
import path from 'node:path';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import { mediaFor, type BuildAppOptions } from './app-options.js';
import { registerMoney } from './app-money.js';
import { registerTrust } from './app-trust.js';
import { registerDiscovery } from './app-discovery.js';
import { createCod, orderParcels, registerParcels } from './app-parcels.js';
import { registerCompression } from './plugins/compression.js';
import { registerCookies } from './plugins/cookies.js';
import { registerErrorHandling } from './plugins/errors.js';
import { registerSecurity, securityHeaders } from './plugins/security.js';
import { createFastAnswers } from './plugins/fast-answers.js';
import { memoryLimiter, redisLimiter, registerRateLimit } from './plugins/limits.js';
import { registerStaticWeb } from './plugins/static-web.js';
import { closeRedis, connectRedis, redisWarner } from './plugins/redis.js';
import { registerRequestIds, requestIdOptions } from './plugins/request-id.js';
import { createOutcomeMetrics, registerObservability } from './app-observability.js';
import { memoryBus, redisBus } from './realtime/bus.js';
import { Hub } from './realtime/hub.js';
import { memoryPresence, redisPresence } from './realtime/presence.js';
import { registerRealtime } from './realtime/socket.js';
import {
  authRoutes,
  createAuth,
  createOtpSender,
  findDisplayName,
  forgetAllSessions,
  activeSessionIds,
  forgetSessionId,
  identityRoutes,
  trustRememberedSessionsWhile,
} from './modules/auth/index.js';
import { hasStore, sellersRoutes, storeOfUser } from './modules/sellers/index.js';
import { productsRoutes } from './modules/products/index.js';
import { ORDER_PAY_BY_JOB, createOrderStatusService, createOrdersService, ordersRoutes, type OrderPayments } from './modules/orders/index.js';
import { createDealsService, dealsRoutes } from './modules/deals/index.js';
import { auctionsRoutes, createAuctionsService, createWinners } from './modules/auctions/index.js';
import { createDeadlines } from './jobs/timers.js';
import { coinsOutcome, createPaymentsService, paymentsRoutes, startPaymentsHousekeeping } from './modules/payments/index.js';
import { createUnreadPush, notificationsRoutes } from './modules/notifications/index.js';
import { createJobQueue } from './jobs/queue.js';
import { createPushSender, pushRoutes } from './modules/push/index.js';
import { createAnnouncements, createReminderJobs, createRemindersService, remindersRoutes } from './modules/reminders/index.js';
import { wishlistRoutes } from './modules/wishlist/index.js';
import { localStorage, uploadsRoutes } from './modules/uploads/index.js';
import { recordReturnPhoto } from './modules/returns/index.js';
import { createLiveStreamsCache, createStreamsService, startStreamHousekeeping, streamsRoutes, streamsSocketHandler } from './modules/streams/index.js';
import { mediaRoutes } from './modules/media/index.js';
import { createReplaysService, replayStreamIds, replayViewCounts, replaysRoutes, startReplaysHousekeeping } from './modules/replays/index.js';
import { engagementRoutes } from './modules/engagement/index.js';
import { createChatGate, createModerationService, moderationRoutes } from './modules/moderation/index.js';

// Sign-outs, told to every instance: each forgets what it remembered of the session.
const SESSIONS_ENDED = 'sessions:ended';

// Builds the whole app: plugins first, then every module, registered by hand in this one place.
export type { BuildAppOptions };

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database, printOtp, webDist, webServerDist, housekeeping = true } = options;
  const fast = createFastAnswers(securityHeaders(config));
  const app = Fastify({
    serverFactory: fast.serverFactory,
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    trustProxy: config.trustProxy,
    // Errors are still logged; a line per request would bury the [otp] lines and cost throughput.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: 256 * 1024,
    ...requestIdOptions(),
  });
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorateRequest('user', null);

  const warnRedis = redisWarner(app.log);
  const redis: Redis | undefined = config.redisUrl ? await connectRedis(config.redisUrl, warnRedis) : undefined;
  const bus = redis ? redisBus(redis, config.redisPrefix, warnRedis) : memoryBus();
  const sharedPresence = redis ? redisPresence(redis, config.redisPrefix, randomUUID()) : null;
  const presence = sharedPresence ?? memoryPresence();
  const limiter = redis ? redisLimiter(redis, config.redisPrefix) : memoryLimiter();

  await registerRequestIds(app);
  registerErrorHandling(app);
  await registerSecurity(app, config);
  await registerRateLimit(app, config, redis);
  await registerCompression(app);
  registerCookies(app);

  const { db } = database;
  const devCodes = new Map<string, string>();
  const baseSender = createOtpSender(config, printOtp);
  const sendOtp =
    config.otp.delivery === 'console'
      ? async (to: string, code: string) => {
          devCodes.set(to, code);
          await baseSender(to, code);
        }
      : baseSender;
  const auth = createAuth(config, db, sendOtp);
  // Every instance hears every sign-out (decision 029); one that may have missed some remembers nothing.
  trustRememberedSessionsWhile(auth, () => bus.connected());
  bus.onReconnect(() => forgetAllSessions(auth));
  await bus.subscribe(SESSIONS_ENDED, (payload) => forgetSessionId(auth, (payload as { sessionId: string }).sessionId));
  // A development code is read once.
  const takeDevCode = (to: string) => [devCodes.get(to), devCodes.delete(to)][0] as string | undefined;

  // Streams: the live list cache, the room hub and the service that ties them to the database.
  const viewerCounts = new Map<string, number>();
  const hub = new Hub(bus, presence, (streamId, count) => viewerCounts.set(streamId, count));
  // Sign-outs published while Redis was away never arrived: sockets opened under them close now.
  bus.onReconnect(() => void hub.recheckSessions((ids) => activeSessionIds(db, ids)).catch((err) => app.log.error({ err }, 'rechecking sessions failed')));
  // A media server handed in (tests) belongs to the caller; one made here is closed with the app.
  const ownsMedia = options.media === undefined;
  const media = ownsMedia ? await mediaFor(config, app.log) : (options.media ?? null);
  // Streams this instance publishes (a seller's camera or a demo clip): kept alive while connected.
  const publishing = new Set<string>();
  // The grace period before an abandoned show ends counts from the moment its camera went quiet
  // (sellerConnection records it), not from when ICE gave up on it ~30 s later.
  media?.onPublisherGone((streamId) => publishing.delete(streamId));
  media?.onPublisherStatus((streamId, status) => {
    void streams.sellerConnection(streamId, status).catch((err) => app.log.error({ err, streamId }, 'telling viewers about the seller failed'));
  });
  // Replays (issue 13): the SFU writes each show's file, the replays module keeps its row.
  const replays = createReplaysService({ db, dir: config.recordings.dir, externalUrl: config.recordings.externalUrl, log: app.log });
  media?.onRecording((event) => {
    void replays.recorded(event).catch((err) => app.log.error({ err, streamId: event.streamId }, 'saving a recording failed'));
  });
  const live = createLiveStreamsCache(() => streams.listLive());
  // Unread counts reach a user's sockets through the hub's per-user channel.
  const pushUnread = createUnreadPush({ db, hub, log: app.log });
  const gate = createChatGate({ limiter, bus });
  // Timed work in PostgreSQL (pg-boss): reminders fire once across instances and survive restarts.
  const jobs = createJobQueue({ database, log: app.log, clock: options.jobs?.clock, run: options.jobs?.work ?? housekeeping });
  const push = createPushSender({ db, vapid: config.vapid, log: app.log, hosts: config.pushServiceHosts, agent: options.pushAgent });
  if (!config.vapid) app.log.warn('Web Push is off: set VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT to reach phones');
  const reminderJobs = createReminderJobs({ db, queue: jobs, push, pushUnread, log: app.log });
  const streams = createStreamsService({
    db,
    gate,
    hub,
    limiter,
    live,
    media: media ?? undefined,
    pushUnread,
    announcements: createAnnouncements({ reminders: reminderJobs, push, pushUnread, log: app.log }),
    replays: { withReplay: (ids) => replayStreamIds(db, ids), views: (ids) => replayViewCounts(db, ids) },
    chatRateLimit: config.chatRateLimit,
    abandonedAfterMs: config.sellerReconnectGraceSeconds * 1000,
  });
  app.decorate('streams', streams);

  // A session ended (sign-out, an erased account): every instance forgets it and closes its sockets.
  const endSession = async (user: { id: string; sessionId: string }) => {
    await bus.publish(SESSIONS_ENDED, { sessionId: user.sessionId });
    await hub.endSession(user.id, user.sessionId);
  };
  await app.register(identityRoutes, { auth });
  await app.register(authRoutes, {
    auth,
    db,
    config,
    limiter,
    takeDevCode,
    storeOf: (userId) => storeOfUser(db, userId),
    onSessionEnded: endSession,
  });
  await app.register(streamsRoutes, { auth, streams, live, fast });
  await app.register(remindersRoutes, { auth, reminders: createRemindersService(db) });
  await app.register(pushRoutes, { auth, db, vapid: config.vapid, pushServiceHosts: config.pushServiceHosts });
  await app.register(engagementRoutes, { auth, db, hub, redis, redisPrefix: config.redisPrefix, onError: (err) => app.log.error({ err }, 'writing votes failed: kept, tried again') });
  await app.register(moderationRoutes, { auth, moderation: createModerationService({ db, hub, gate, limiter, push, pushUnread, log: app.log }) });
  await app.register(sellersRoutes, { auth, db, pushUnread });
  await app.register(productsRoutes, { auth, db });
  await registerDiscovery(app, { db, auth, housekeeping });
  // Payments settle orders and coin packs; orders open payments. Each gets the other through its interface.
  const outcomes = createOutcomeMetrics();
  const payments = createPaymentsService({
    db,
    config,
    fetch: options.paymentsFetch ?? fetch,
    pushUnread,
    onOutcome: outcomes.payment,
    outcomes: { order: (tx, payment, outcome) => orderStatus.paymentOutcome(tx, payment.orderId!, outcome), coins: coinsOutcome },
  });
  const orderPayments: OrderPayments = {
    open: async (tx, p) => void (await payments.open(tx, { kind: 'order', ...p })),
    actionForOrder: payments.actionForOrder,
    failOpen: payments.failOpen,
    openSince: payments.openSince,
    timeoutMs: payments.timeoutMs,
  };
  // Selling moments (issue 14): flash deals and auctions, their deadlines on a timer and in the job queue.
  const now = () => jobs.clock.now();
  const onError = (err: unknown) => app.log.error({ err }, 'after-commit work of a deal or auction failed');
  const deadlines = createDeadlines({ queue: jobs, log: app.log, now });
  const deals = createDealsService({ db, hub, bus, deadlines, push, pushUnread, now, onError });
  deals.defineDeadlines();
  const winners = createWinners({ deadlines, push, pushUnread, payMinutes: config.paymentTimeoutMinutes, now });
  const auctions = createAuctionsService({ db, hub, deadlines, winners, now, onError });
  const money = await registerMoney(app, { db, auth, config, jobs, deadlines, pushUnread, now, providers: options.moneyProviders, outcomes });
  const orderStatus = createOrderStatusService({ db, payments: orderPayments, money: money.orders, pushUnread, releases: { deals, auctions }, parcels: orderParcels, now });
  const cod = createCod({ db, config, deadlines, pushUnread, orderStatus, now, log: app.log, print: printOtp ?? console.log });
  const orders = createOrdersService({ db, payments: orderPayments, deals, money: money.orders, cod, pushUnread, now });
  deadlines.define<{ orderId: string }>(ORDER_PAY_BY_JOB, async ({ orderId }) => {
    const later = await orderStatus.expireUnpaid(orderId);
    if (later !== null) deadlines.at(ORDER_PAY_BY_JOB, `${orderId}:${later}`, { orderId }, later);
  });
  app.decorate('selling', { deals, auctions, orderStatus });
  app.decorate('money', money);
  await app.register(dealsRoutes, { auth, deals });
  await app.register(auctionsRoutes, { auth, auctions, limiter });
  app.decorate('payments', payments);
  await app.register(ordersRoutes, { auth, db, orders, status: orderStatus });
  app.decorate('parcels', await registerParcels(app, { db, auth, config, deadlines, pushUnread, orderStatus, now, housekeeping, cod, money, carrier: options.carrier, outcomes }));
  await app.register(paymentsRoutes, { auth, db, config, payments, moneyEvent: money.gatewayEvent });
  await app.register(wishlistRoutes, { auth, db });
  await registerTrust(app, { db, auth, config, pushUnread, endSession, hub });
  await app.register(notificationsRoutes, { auth, db, pushUnread });
  const uploads = localStorage(path.join(config.dataDir, 'uploads'));
  await app.register(uploadsRoutes, {
    auth,
    storage: uploads,
    serveFrom: uploads.root,
    isSeller: (userId) => hasStore(db, userId),
    onReturnPhoto: (userId, url) => recordReturnPhoto(db, userId, url),
  });
  await app.register(mediaRoutes, {
    auth,
    config,
    db,
    streams,
    media,
    onPublish: async (streamId) => {
      publishing.add(streamId);
      await streams.touchPublishers([streamId]);
    },
    recording: { shouldRecord: replays.shouldRecord, externalPublishing: replays.externalPublishing },
  });
  await app.register(replaysRoutes, { auth, replays });
  await registerRealtime(app, {
    auth,
    config,
    hub,
    displayNameOf: (userId) => findDisplayName(db, userId),
    handle: streamsSocketHandler(streams, hub),
  });
  await registerStaticWeb(app, webDist, {
    publicUrl: config.publicUrl,
    webServerDist,
    streamPreview: (id) => streams.detail(id).then((s) => ({ title: s.title, description: s.description, storeName: s.seller.storeName, thumbnailUrl: s.thumbnailUrl })),
    onPagesChange: (forget) => hub.onListsChange(forget),
  });
  const durations = await registerObservability(app, { database, redis, hub, media, jobs, outcomes });
  fast.timeWith((route, seconds) => durations.observe('GET', route, 200, seconds));
  app.addHook('preClose', (done) => [fast.close(), done()]);

  const stopHousekeeping = housekeeping
    ? startStreamHousekeeping({
        streams,
        viewerCounts,
        log: app.log,
        // A camera that went quiet no longer keeps its show alive: the grace period runs.
        publishingStreams: () => [...publishing].filter((id) => media?.isPublishing(id)),
      })
    : () => {};
  const stopPaymentSweep = housekeeping ? startPaymentsHousekeeping({ payments, log: app.log }) : () => {};
  const stopReplaysSweep = housekeeping ? startReplaysHousekeeping({ replays, retentionDays: config.recordings.retentionDays, log: app.log }) : () => {};
  if (housekeeping && media) {
    // The seeded live shows play the demo clip, so a newcomer sees video right after `npm start`.
    app.addHook('onReady', async () => {
      const demos = await streams.demoStreams();
      for (const id of demos) {
        await media.startDemoSource(id);
        publishing.add(id);
      }
      if (demos.length) await streams.touchPublishers(demos);
    });
  }
  app.addHook('onReady', () => jobs.start());
  app.addHook('onClose', async () => {
    deadlines.close();
    await jobs.stop();
    stopHousekeeping();
    stopPaymentSweep();
    stopReplaysSweep();
    if (ownsMedia) await media?.close();
    hub.close();
    sharedPresence?.close();
    await bus.close();
    if (redis) await closeRedis(redis);
  });
  return app;
}
