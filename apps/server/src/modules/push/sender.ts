import { createHash } from 'node:crypto';
import { and, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import pLimit from 'p-limit';
import webpush from 'web-push';
import { DEFAULT_LANGUAGE, isLanguageCode, type PushPayload } from '@live-market/contract';
import type { Db } from '../../db/client.js';
import type { VapidConfig } from '../../config/vapid.js';
import { user } from '../auth/tables.js';
import { renderNotification } from '../notifications/index.js';
import { notifications } from '../shopper/tables.js';
import { PushAgent } from './agent.js';
import { forgetEndpoints } from './subscriptions.js';
import { pushSubscriptions } from './tables.js';

/** How long a push is worth keeping for a phone that is off, and how hard to wake it. */
export interface PushPolicy {
  ttlSeconds: number;
  urgency: 'very-low' | 'low' | 'normal' | 'high';
}

// A show going live is worth waking a phone for, and stale once the show is well under way.
const POLICY_BY_TYPE: Record<string, PushPolicy> = {
  stream_start: { ttlSeconds: 30 * 60, urgency: 'high' },
};
const DEFAULT_POLICY: PushPolicy = { ttlSeconds: 6 * 60 * 60, urgency: 'normal' };

export interface PushSender {
  /** False without VAPID keys (production without them): nothing is sent. */
  readonly enabled: boolean;
  /**
   * Each user's newest notification with this link (the one just saved), in their language, to every
   * browser they subscribed — unless they turned push off. After the commit; never throws.
   */
  sendNotifications(userIds: string[], link: string, policy?: PushPolicy): Promise<void>;
}

export interface PushSenderOptions {
  db: Db;
  vapid: VapidConfig | null;
  log: FastifyBaseLogger;
  /** PUSH_SERVICE_HOSTS: the only hosts a push connects to, whatever a stored endpoint says. */
  hosts: readonly string[];
  /** Tests reach their own HTTPS push service through an agent that trusts its certificate. */
  agent?: PushAgent;
}

// Users looked up a batch at a time, pushes sent a few at a time: a store with many followers
// going live must not open thousands of sockets at once.
const BATCH = 500;
const CONCURRENCY = 16;
// Only what was just said is pushed; an older notification with the same link is not sent again.
const FRESH = sql`now() - interval '10 minutes'`;

/** The Topic header: a phone that was off gets only the newest push about the same thing. */
const topicOf = (link: string) => createHash('sha256').update(link).digest('base64url').slice(0, 32);

export function createPushSender(opts: PushSenderOptions): PushSender {
  const { db, vapid, log } = opts;
  // Every send goes through a PushAgent: it refuses to connect to any host not on the list.
  const agent = opts.agent ?? new PushAgent(opts.hosts);
  const limit = pLimit(CONCURRENCY);

  async function sendBatch(userIds: string[], link: string, policy: PushPolicy | undefined) {
    const subscriptions = await db
      .select({ userId: pushSubscriptions.userId, endpoint: pushSubscriptions.endpoint, p256dh: pushSubscriptions.p256dh, auth: pushSubscriptions.auth, language: user.language })
      .from(pushSubscriptions)
      .innerJoin(user, eq(user.id, pushSubscriptions.userId))
      .where(and(inArray(pushSubscriptions.userId, userIds), eq(user.pushEnabled, true)));
    if (subscriptions.length === 0) return;
    const newest = await db
      .selectDistinctOn([notifications.userId])
      .from(notifications)
      .where(and(inArray(notifications.userId, [...new Set(subscriptions.map((s) => s.userId))]), eq(notifications.link, link), gt(notifications.createdAt, FRESH)))
      .orderBy(notifications.userId, desc(notifications.createdAt));
    const byUser = new Map(newest.map((n) => [n.userId, n]));

    const gone: string[] = [];
    await Promise.all(
      subscriptions.map((s) =>
        limit(async () => {
          const note = byUser.get(s.userId);
          if (!note) return;
          const language = isLanguageCode(s.language) ? s.language : DEFAULT_LANGUAGE;
          const { title, message } = renderNotification(note, language);
          const payload: PushPayload = { title, body: message, link, tag: link };
          const { ttlSeconds, urgency } = policy ?? POLICY_BY_TYPE[note.type] ?? DEFAULT_POLICY;
          try {
            await webpush.sendNotification({ endpoint: s.endpoint, keys: { p256dh: s.p256dh, auth: s.auth } }, JSON.stringify(payload), {
              vapidDetails: vapid!,
              TTL: ttlSeconds,
              urgency,
              topic: topicOf(link),
              timeout: 10_000,
              agent,
            });
          } catch (err) {
            const status = err instanceof webpush.WebPushError ? err.statusCode : undefined;
            // 404/410: the browser unsubscribed or the subscription expired; it will never work again.
            if (status === 404 || status === 410) gone.push(s.endpoint);
            else log.warn({ err, status, pushService: URL.canParse(s.endpoint) ? new URL(s.endpoint).host : 'unparsable' }, 'web push failed');
          }
        }),
      ),
    );
    await forgetEndpoints(db, gone);
  }

  return {
    enabled: vapid !== null,
    async sendNotifications(userIds, link, policy) {
      if (!vapid || userIds.length === 0) return;
      const unique = [...new Set(userIds)];
      for (let i = 0; i < unique.length; i += BATCH) {
        try {
          await sendBatch(unique.slice(i, i + BATCH), link, policy);
        } catch (err) {
          // The notifications are saved; the app shows them. Only the phones miss this one.
          log.error({ err }, 'web push batch failed');
        }
      }
    },
  };
}
