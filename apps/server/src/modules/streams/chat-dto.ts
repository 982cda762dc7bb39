import type { ChatMessage } from '@live-market/contract';
import { displayName } from '../auth/index.js';
import type { chatMessages } from './tables.js';

/** A saved chat line with its author's name, as every client receives it (live history and replays). */
/** What an erased account's chat lines show as their author (issue 28); the words stay, the person goes. */
export const ERASED_NAME = 'Deleted user';

export function toChatMessageDto({ m, firstName, lastName, erasedAt }: { m: typeof chatMessages.$inferSelect; firstName: string | null; lastName: string | null; erasedAt?: Date | null }): ChatMessage {
  return {
    id: m.id,
    streamId: m.streamId,
    userId: m.userId,
    displayName: erasedAt ? ERASED_NAME : displayName({ firstName, lastName }),
    message: m.message,
    createdAt: m.createdAt.toISOString(),
  };
}
