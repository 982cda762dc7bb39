import type { Tx } from '../../db/client.js';
import { notifyFollowers, type UnreadPush } from '../notifications/index.js';

export interface AnnouncedStream {
  id: string;
  title: string;
  scheduledFor: Date | null;
}

export interface AnnouncedSeller {
  id: string;
  storeName: string;
}

/**
 * Who hears of a show and when (issue 13): followers and reminded people when it goes live, reminders
 * before a scheduled one, reminded people when it is cancelled. The `…ing` calls run inside the
 * stream's own transaction and return who was notified; `delivered` runs after the commit and reaches
 * their open sockets (and phones).
 */
export interface Announcements {
  /** After the commit: a show was scheduled (or rescheduled); its reminders are queued. */
  scheduled(stream: AnnouncedStream): Promise<void>;
  /** In the transaction that makes the show live: stream_start notifications. */
  goingLive(tx: Tx, stream: AnnouncedStream, seller: AnnouncedSeller): Promise<string[]>;
  /** In the transaction that deletes a scheduled show, before the delete: its reminded people are told. */
  cancelling(tx: Tx, stream: AnnouncedStream, seller: AnnouncedSeller): Promise<string[]>;
  /** After the commit: the notified users' sockets and Web Push. Never throws; not awaited by callers. */
  delivered(userIds: string[], link: string): void;
}

/** Followers only, sockets only: what shows had before reminders and push. */
export function followersOnlyAnnouncements(pushUnread?: UnreadPush): Announcements {
  return {
    async scheduled() {},
    goingLive: (tx, stream, seller) =>
      notifyFollowers(tx, seller.id, {
        type: 'stream_start',
        kind: 'stream_live',
        params: { store: seller.storeName, title: stream.title },
        link: `/stream/${stream.id}`,
      }),
    async cancelling() {
      return [];
    },
    delivered(userIds) {
      void pushUnread?.(userIds);
    },
  };
}
