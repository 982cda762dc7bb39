import type { Db, Tx } from '../../db/client.js';
import { notifications } from './tables.js';

export interface NewNotification {
  userId: string;
  type: 'stream_start' | 'order_update' | 'follow' | 'promotion' | (string & {});
  title: string;
  message: string;
  link?: string;
}

export async function notify(db: Db | Tx, n: NewNotification) {
  await db.insert(notifications).values({ userId: n.userId, type: n.type, title: n.title, message: n.message, link: n.link ?? null });
}
