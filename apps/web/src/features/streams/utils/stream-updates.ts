import type { ServerMessage } from '@live-market/contract/realtime';
import type { ChatMessage, StreamDetail } from '@live-market/contract/streams';

/** How many chat lines a page keeps in memory; older ones scroll away for good. */
export const CHAT_LINES_KEPT = 200;

/** Whether a server message belongs to this stream (messages without a stream id are the room's). */
export function isForStream(message: ServerMessage, streamId: string): boolean {
  switch (message.type) {
    case 'new_chat_message':
      return message.message.streamId === streamId;
    case 'viewer_count_update':
    case 'product_featured':
    case 'stream_ended':
      return message.streamId === undefined || message.streamId === streamId;
    case 'poll_updated':
    case 'quiz_started':
    case 'quiz_ended':
    case 'gift_sent':
    case 'seller_connection':
      return message.streamId === streamId;
    // Moderation: a deleted line, new chat settings, the staff's reports panel.
    case 'chat_message_deleted':
    case 'chat_settings_update':
    case 'chat_error':
      return message.streamId === undefined || message.streamId === streamId;
    // The staff's reports panel; selling moments (issue 14): a deal's units, an auction's bids and result.
    case 'chat_reports_update':
    case 'deal_update':
    case 'auction_update':
    case 'auction_ended':
      return message.streamId === streamId;
    case 'error':
      return true;
    // The user's role in a store, sent to their own sockets: the page compares the store (applyToStreamDetail).
    case 'chat_role_update':
      return true;
    // The user's own messages, not the room's; the lists' changes (issue 25) go to lists-sync.ts.
    case 'notifications_unread':
    case 'listing_update':
      return false;
  }
}

/**
 * Applies a room message to the cached StreamDetail: the live viewer count, the featured product
 * (SPEC section 4: the owner's choice is broadcast and shown as 'Featured Now'; null clears it), the
 * end of the stream, the chat settings and the user's new role in this store's chat (issue 12).
 * Messages that change nothing return the same object.
 */
export function applyToStreamDetail(detail: StreamDetail | undefined, message: ServerMessage, now: () => Date = () => new Date()): StreamDetail | undefined {
  if (!detail) return detail;
  switch (message.type) {
    case 'viewer_count_update':
      return message.count === detail.viewerCount ? detail : { ...detail, viewerCount: message.count };
    case 'product_featured':
      return { ...detail, featuredProduct: message.product };
    case 'stream_ended': {
      // Issue 25: whether it has a replay, so a later visit asks for one only when there is one.
      const replay = message.hasReplay === undefined ? {} : { hasReplay: message.hasReplay };
      return detail.isLive ? { ...detail, isLive: false, endedAt: detail.endedAt ?? now().toISOString(), ...replay } : detail;
    }
    case 'chat_settings_update':
      return { ...detail, chatSettings: message.chatSettings };
    case 'chat_role_update':
      return message.sellerId === detail.sellerId && message.role !== detail.chatRole ? { ...detail, chatRole: message.role } : detail;
    default:
      return detail;
  }
}

/** Adds a chat line after the history (oldest first), once, keeping the newest CHAT_LINES_KEPT. */
export function appendChatMessage(list: ChatMessage[] | undefined, message: ChatMessage, limit: number = CHAT_LINES_KEPT): ChatMessage[] {
  const current = list ?? [];
  if (current.some((line) => line.id === message.id)) return current;
  const next = [...current, message];
  return next.length > limit ? next.slice(next.length - limit) : next;
}

/** Takes a deleted line out of the chat (issue 12: it leaves every screen at once). */
export function removeChatMessage(list: ChatMessage[] | undefined, messageId: string): ChatMessage[] | undefined {
  return list?.some((line) => line.id === messageId) ? list.filter((line) => line.id !== messageId) : list;
}
