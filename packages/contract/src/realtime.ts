import { z } from 'zod';
import { singleLine } from './text.js';
import { CHAT_MESSAGE_MAX_LENGTH } from './constants.js';
import { Product } from './products.js';
import { ChatMessage, LiveStream } from './streams.js';
import { UpcomingStream } from './shows.js';
import { LeaderboardEntry, Poll, Quiz, QUIZ_LEADERBOARD_SIZE, RecentGift } from './engagement.js';
import { ChatErrorCode, ChatRole, ChatSettings } from './moderation.js';
import { Auction, Deal } from './selling.js';

// SPEC 7 real-time channel. The server ignores any userId a client sends and uses the session's.
export { CHAT_MESSAGE_MAX_LENGTH };
/** At most this many chat messages per user in CHAT_RATE_WINDOW_MS. */
export const CHAT_RATE_LIMIT = 5;
export const CHAT_RATE_WINDOW_MS = 10_000;
/** viewer_count_update goes out at most once per this interval per stream. */
export const VIEWER_COUNT_INTERVAL_MS = 1000;
/** A chat line's clientId is remembered this long: sent again within it, the line is saved once. */
export const CHAT_RESEND_WINDOW_SECONDS = 3600;
/** What happened to a show, for the lists of live and upcoming shows (issue 25). */
export const LISTING_STATUSES = ['live', 'ended', 'announced', 'cancelled'] as const;
export type ListingStatus = (typeof LISTING_STATUSES)[number];

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
    /** The sender's own id for this line (issue 25): a line sent again after a reconnect is saved once. */
    clientId: z.uuid().optional(),
  }),
  z.object({ type: z.literal('stream_ended'), streamId: z.uuid() }),
  // The client sends the product it shows; the server only trusts its id and loads the rest.
  z.object({ type: z.literal('product_featured'), streamId: z.uuid(), product: z.object({ id: z.uuid() }).nullable() }),
  // Issue 25: while a list of live or upcoming shows (or an announced show's page) is on screen, the
  // socket hears listing_update; it stops when the list leaves the screen or the socket closes.
  z.object({ type: z.literal('watch_lists') }),
  z.object({ type: z.literal('unwatch_lists') }),
]);
export type ClientMessage = z.infer<typeof ClientMessage>;

export const ServerMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('viewer_count_update'), streamId: z.uuid().optional(), count: z.number().int().nonnegative() }),
  // clientId: the sender's id for the line, so the sender's "Sending…" line becomes this one.
  z.object({ type: z.literal('new_chat_message'), message: ChatMessage, clientId: z.uuid().optional() }),
  z.object({ type: z.literal('product_featured'), streamId: z.uuid().optional(), product: Product.nullable() }),
  // Issue 25 adds what the viewers' toast offers: Follow (the store) and Watch replay (when recorded).
  z.object({ type: z.literal('stream_ended'), streamId: z.uuid().optional(), sellerId: z.uuid().optional(), hasReplay: z.boolean().optional() }),
  // The seller's camera went quiet (viewers show "Seller reconnecting…") or is back. Sent to the room
  // on each change, and to a viewer who joins while the seller is away.
  z.object({ type: z.literal('seller_connection'), streamId: z.uuid(), status: z.enum(['reconnecting', 'live']) }),
  // clientId: the chat line this answers (the sender's "Sending…" line is then marked not sent).
  z.object({ type: z.literal('error'), message: z.string(), clientId: z.uuid().optional() }),
  // Engagement: at most one poll_updated a second per poll; quiz_ended carries the top scorers only.
  z.object({ type: z.literal('poll_updated'), streamId: z.uuid(), poll: Poll }),
  // A quiz started, as a viewer sees it (never its answers): the Chat tab shows it without asking.
  z.object({ type: z.literal('quiz_started'), streamId: z.uuid(), quiz: Quiz }),
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
    clientId: z.uuid().optional(),
  }),
  // To the owner's and moderators' sockets: the reported-messages panel has news.
  z.object({ type: z.literal('chat_reports_update'), streamId: z.uuid() }),
  // To a user whose role in a store changed (appointed or removed as moderator).
  z.object({ type: z.literal('chat_role_update'), sellerId: z.uuid(), role: ChatRole }),
  // Issue 14: selling moments. endsAt comes from the server's clock; clients draw countdowns from it.
  z.object({ type: z.literal('deal_update'), streamId: z.uuid(), deal: Deal }),
  z.object({ type: z.literal('auction_update'), streamId: z.uuid(), auction: Auction }),
  // Issue 25: to every socket watching the lists, on every instance: a show went live (`stream`, as the
  // live list has it), ended, was announced (`show`, as the upcoming list has it, reminded false) or
  // was cancelled. Clients fold it into the lists they hold; nothing else needs a refetch.
  z.object({
    type: z.literal('listing_update'),
    streamId: z.uuid(),
    status: z.enum(LISTING_STATUSES),
    stream: LiveStream.optional(),
    show: UpcomingStream.optional(),
  }),
  z.object({ type: z.literal('auction_ended'), streamId: z.uuid(), auctionId: z.uuid(), winnerName: z.string().nullable(), price: z.string().nullable() }),
]);
export type ServerMessage = z.infer<typeof ServerMessage>;
