import type { ServerMessage } from '@live-market/contract';

/** What moderation needs from the realtime hub; its own module so the service and invitations share it without importing each other. */
export interface ModerationHub {
  broadcast(streamId: string, message: ServerMessage): Promise<void>;
  sendToUser(userId: string, message: ServerMessage): Promise<void>;
}
