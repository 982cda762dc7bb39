import type { FastifyBaseLogger } from 'fastify';
import { notifySelected, type UnreadPush } from '../notifications/index.js';
import type { PushSender } from '../push/index.js';
import type { Announcements } from '../streams/index.js';
import { showLink, type ReminderJobs } from './jobs.js';
import { liveAudience, remindedAudience } from './repository.js';

/** Where a cancellation leads: the show is gone, the notification says which one it was. */
export const CANCELLED_LINK = '/notifications';

/**
 * Issue 13's announcements: reminders queued when a show is announced; followers and reminded people
 * told once each when it goes live; reminded people told when it is cancelled; each notification also
 * reaches the person's open sockets and, unless they turned it off, their phones (Web Push).
 */
export function createAnnouncements(deps: { reminders: ReminderJobs; push: PushSender; pushUnread: UnreadPush; log: FastifyBaseLogger }): Announcements {
  const { reminders, push, pushUnread, log } = deps;
  return {
    async scheduled(stream) {
      try {
        await reminders.queueFor(stream);
      } catch (err) {
        // The show is saved; the queue's start-up pass (any instance's next start) queues them again.
        log.error({ err, streamId: stream.id }, 'queueing reminders failed');
      }
    },
    // A reminded follower is one row of the union: one stream_start each.
    goingLive: (tx, stream, seller) =>
      notifySelected(tx, liveAudience(stream.id, seller.id), {
        type: 'stream_start',
        kind: 'stream_live',
        params: { store: seller.storeName, title: stream.title },
        link: showLink(stream.id),
      }),
    cancelling: (tx, stream, seller) =>
      notifySelected(tx, remindedAudience(stream.id), {
        type: 'stream_cancelled',
        kind: 'stream_cancelled',
        params: { store: seller.storeName, title: stream.title },
        link: CANCELLED_LINK,
      }),
    delivered(userIds, link) {
      if (userIds.length === 0) return;
      // Both catch their own failures: the notifications are saved whatever happens here.
      void pushUnread(userIds);
      void push.sendNotifications(userIds, link).catch((err: unknown) => log.error({ err }, 'web push failed'));
    },
  };
}
