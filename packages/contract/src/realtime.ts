import { z } from 'zod';
import { singleLine } from './text.js';
import { CHAT_MESSAGE_MAX_LENGTH } from './constants.js';
import { Product } from './products.js';
import { ChatMessage } from './streams.js';
import { LeaderboardEntry, Poll, QUIZ_LEADERBOARD_SIZE, RecentGift } from './engagement.js';
import { ChatErrorCode, ChatRole, ChatSettings } from './moderation.js';
import { Auction, Deal } from './selling.js';

// SPEC 7 real-time channel. The server ignores any userId a client sends and uses the session's.
export { CHAT_MESSAGE_MAX_LENGTH };
/** At most this many chat messages per user in CHAT_RATE_WINDOW_MS. */
export const CHAT_RATE_LIMIT = 5;
export const CHAT_RATE_WINDOW_MS = 10_000;
/** viewer_count_update goes out at most once per this interval per stream. */
export const VIEWER_COUNT_INTERVAL_MS = 1000;

export const ClientMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('join_stream'), streamId: z.uuid(), userId: z.string().optional() }),
  z.object({ type: z.literal('leave_stream'), streamId: z.uuid() }),
  z.object({
    type: z.literal('chat_message'),
    streamId: z.uuid(),
    userId: z.string().optional(),
    message: singleLine()
      .min(1, 'Message is empty')
      .max(CHAT_MESSAGE_MAX_LENGTH, `Messages are at most ${CHAT_MESSAGE_MAX_LENGTH} characters`),
  }),
  z.object({ type: z.literal('stream_ended'), streamId: z.uuid() }),
  // The client sends the product it shows; the server only trusts its id and loads the rest.
  z.object({ type: z.literal('product_featured'), streamId: z.uuid(), product: z.object({ id: z.uuid() }).nullable() }),
]);
export type ClientMessage = z.infer<typeof ClientMessage>;

export const ServerMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('viewer_count_update'), streamId: z.uuid().optional(), count: z.number().int().nonnegative() }),
  z.object({ type: z.literal('new_chat_message'), message: ChatMessage }),
  z.object({ type: z.literal('product_featured'), streamId: z.uuid().optional(), product: Product.nullable() }),
  z.object({ type: z.literal('stream_ended'), streamId: z.uuid().optional() }),
  // The seller's camera went quiet (viewers show "Seller reconnecting…") or is back. Sent to the room
  // on each change, and to a viewer who joins while the seller is away.
  z.object({ type: z.literal('seller_connection'), streamId: z.uuid(), status: z.enum(['reconnecting', 'live']) }),
  z.object({ type: z.literal('error'), message: z.string() }),
  // Engagement: at most one poll_updated a second per poll; quiz_ended carries the top scorers only.
  z.object({ type: z.literal('poll_updated'), streamId: z.uuid(), poll: Poll }),
  z.object({ type: z.literal('quiz_ended'), streamId: z.uuid(), quizId: z.uuid(), leaderboard: z.array(LeaderboardEntry).max(QUIZ_LEADERBOARD_SIZE) }),
  z.object({ type: z.literal('gift_sent'), streamId: z.uuid(), gift: RecentGift }),
  // To the user's own sockets whenever their notifications change (created, read, read-all).
  z.object({ type: z.literal('notifications_unread'), count: z.number().int().nonnegative() }),
  // Moderation (issue 12). A deleted message leaves every screen; settings apply at once.
  z.object({ type: z.literal('chat_message_deleted'), streamId: z.uuid().optional(), messageId: z.uuid() }),
  z.object({ type: z.literal('chat_settings_update'), streamId: z.uuid().optional(), chatSettings: ChatSettings }),
  // To the sender only: why a chat message was refused (never a silent drop); 'held' looks sent to them.
  z.object({
    type: z.literal('chat_error'),
    streamId: z.uuid().optional(),
    code: ChatErrorCode,
    message: z.string(),
    retryAfterSeconds: z.number().int().positive().optional(),
  }),
  // To the owner's and moderators' sockets: the reported-messages panel has news.
  z.object({ type: z.literal('chat_reports_update'), streamId: z.uuid() }),
  // To a user whose role in a store changed (appointed or removed as moderator).
  z.object({ type: z.literal('chat_role_update'), sellerId: z.uuid(), role: ChatRole }),
  // Issue 14: selling moments. endsAt comes from the server's clock; clients draw countdowns from it.
  z.object({ type: z.literal('deal_update'), streamId: z.uuid(), deal: Deal }),
  z.object({ type: z.literal('auction_update'), streamId: z.uuid(), auction: Auction }),
  z.object({ type: z.literal('auction_ended'), streamId: z.uuid(), auctionId: z.uuid(), winnerName: z.string().nullable(), price: z.string().nullable() }),
]);
export type ServerMessage = z.infer<typeof ServerMessage>;
