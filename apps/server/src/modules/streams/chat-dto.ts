import type { ChatMessage } from '@live-market/contract';
import { displayName } from '../auth/index.js';
import type { chatMessages } from './tables.js';

/** A saved chat line with its author's name, as every client receives it (live history and replays). */
export function toChatMessageDto({ m, firstName, lastName }: { m: typeof chatMessages.$inferSelect; firstName: string | null; lastName: string | null }): ChatMessage {
  return {
    id: m.id,
    streamId: m.streamId,
    userId: m.userId,
    displayName: displayName({ firstName, lastName }),
    message: m.message,
    createdAt: m.createdAt.toISOString(),
  };
}
