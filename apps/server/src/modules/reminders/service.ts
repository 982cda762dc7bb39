import type { ReminderState } from '@live-market/contract';
import type { Db } from '../../db/client.js';
import { HttpError } from '../../plugins/errors.js';
import { addReminder, findShow, isUpcoming, removeReminder } from './repository.js';

/** "Remind me" on an upcoming show, and taking it back. Both idempotent. */
export function createRemindersService(db: Db) {
  async function showOrThrow(streamId: string) {
    const show = await findShow(db, streamId);
    if (!show) throw new HttpError(404, 'Stream not found');
    return show;
  }

  return {
    /** Only a show still to come; not one's own (its seller starts it, and is never told of it). */
    async remind(userId: string, streamId: string): Promise<ReminderState> {
      const show = await showOrThrow(streamId);
      if (show.sellerUserId === userId) throw new HttpError(400, 'You cannot set a reminder for your own show');
      if (show.endedAt) throw new HttpError(409, 'This stream has ended');
      if (!isUpcoming(show)) throw new HttpError(409, 'This show has already started');
      await addReminder(db, streamId, userId);
      return { reminded: true };
    },

    /** Allowed whatever the show's state: taking back a reminder never needs refusing. */
    async forget(userId: string, streamId: string): Promise<ReminderState> {
      await showOrThrow(streamId);
      await removeReminder(db, streamId, userId);
      return { reminded: false };
    },
  };
}

export type RemindersService = ReturnType<typeof createRemindersService>;
