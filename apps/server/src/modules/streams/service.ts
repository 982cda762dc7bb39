import {
  CHAT_HISTORY_LIMIT,
  SCHEDULE_MAX_LEAD_DAYS,
  SCHEDULE_MIN_LEAD_MINUTES,
  UPCOMING_STREAMS_LIMIT,
  type UpcomingStream,
  CHAT_RATE_LIMIT,
  CHAT_RATE_WINDOW_MS,
  LiveStreamList,
  STREAM_ABANDONED_AFTER_MS,
  type ChatMessage,
  type CreateStreamBody,
  type LiveStream,
  type Product,
  type ServerMessage,
  type ChatRole,
  type ChatSettings,
  type StreamDetail,
} from '@live-market/contract';
import type { Db } from '../../db/client.js';
import { HttpError } from '../../plugins/errors.js';
import type { Limiter } from '../../plugins/limits.js';
import type { Client, Hub } from '../../realtime/hub.js';
import { findProduct, listActiveProducts, toProductDto } from '../products/index.js';
import type { UnreadPush } from '../notifications/index.js';
import { followersOnlyAnnouncements, type Announcements } from './announcements.js';
import { toChatMessageDto } from './chat-dto.js';
import { chatRole, lockMember, refuse, type ChatGate } from '../moderation/index.js';
import * as repo from './repository.js';
import { isUniqueViolation } from '../../db/errors.js';

export { HttpError as StreamError };

export function toStreamDto(row: repo.StreamRow): LiveStream {
  return {
    id: row.id,
    sellerId: row.sellerId,
    title: row.title,
    description: row.description,
    thumbnailUrl: row.thumbnailUrl,
    isLive: row.isLive,
    viewerCount: row.viewerCount,
    startedAt: row.startedAt?.toISOString() ?? null,
    endedAt: row.endedAt?.toISOString() ?? null,
    scheduledFor: row.scheduledFor?.toISOString() ?? null,
  };
}

/** What ending a stream must also stop: its media sessions (the embedded SFU or nothing). */
export interface StreamMedia {
  endStream(streamId: string): Promise<void>;
}

export interface ReplayFacts {
  withReplay(streamIds: string[]): Promise<Set<string>>;
  views(streamIds: string[]): Promise<Map<string, number>>;
}

const NO_REPLAYS: ReplayFacts = { withReplay: async () => new Set(), views: async () => new Map() };

export interface StreamsDeps {
  db: Db;
  /** Bans, slow mode, followers-only, links and the keyword filter (issue 12). */
  gate: ChatGate;
  hub: Hub;
  limiter: Limiter;
  live: { invalidate(): void };
  media?: StreamMedia;
  /** Followers' sockets hear of the stream_start notification (their unread count). */
  pushUnread?: UnreadPush;
  /** Who hears of a show and when (reminders, Web Push); followers' sockets only by default. */
  announcements?: Announcements;
  /** Which ended shows have a replay and how many watched it (the replays module; app.ts wires it). */
  replays?: ReplayFacts;
  /** The clock scheduling is checked against; tests pass their own. */
  now?: () => Date;
  /** Chat messages per user per CHAT_RATE_WINDOW_MS (CHAT_RATE_LIMIT); the contract's by default. */
  chatRateLimit?: number;
  /** A show whose seller has been away this long ends (SELLER_RECONNECT_GRACE_SECONDS); default two minutes. */
  abandonedAfterMs?: number;
}


const chatSettingsOf = (row: repo.StreamRow): ChatSettings => ({
  slowModeSeconds: row.slowModeSeconds,
  followersOnly: row.followersOnly,
  linksAllowed: row.linksAllowed,
});

export type CreateStreamInput = Pick<CreateStreamBody, 'title' | 'description' | 'scheduledFor' | 'thumbnailUrl' | 'productIds' | 'recording'> & { title: string };

/** A show is announced 5 minutes to 30 days ahead (issue 13), on the server's clock. */
function checkScheduledFor(at: Date, now: Date): Date {
  const lead = at.getTime() - now.getTime();
  if (lead < SCHEDULE_MIN_LEAD_MINUTES * 60_000) throw new HttpError(400, 'Schedule the show at least {{minutes}} minutes ahead', { minutes: SCHEDULE_MIN_LEAD_MINUTES });
  if (lead > SCHEDULE_MAX_LEAD_DAYS * 24 * 60 * 60_000) throw new HttpError(400, 'Schedule the show at most {{days}} days ahead', { days: SCHEDULE_MAX_LEAD_DAYS });
  return at;
}

/** Going live runs into the one-live-show index (SPEC 4) when another show of the seller is live. */
async function oneLiveShow<T>(goLive: () => Promise<T>): Promise<T> {
  try {
    return await goLive();
  } catch (error) {
    if (isUniqueViolation(error)) throw new HttpError(409, 'You already have a live stream. End it before starting a new one.');
    throw error;
  }
}

export function createStreamsService(deps: StreamsDeps) {
  const { db, gate, hub, limiter, live, media, chatRateLimit = CHAT_RATE_LIMIT, abandonedAfterMs = STREAM_ABANDONED_AFTER_MS } = deps;
  const announcements = deps.announcements ?? followersOnlyAnnouncements(deps.pushUnread);
  const now = deps.now ?? (() => new Date());
  const replays = deps.replays ?? NO_REPLAYS;
  async function loadOrThrow(id: string) {
    const found = await repo.findStreamWithSeller(db, id);
    if (!found) throw new HttpError(404, 'Stream not found');
    return found;
  }

  // Streams whose seller joined their own room on this instance: the seller's page being open keeps the
  // show alive even when the video goes through an external media server we cannot ask.
  const owners = new Map<string, string>();
  // Shows whose seller's camera went quiet on this instance's media server: a viewer who joins
  // meanwhile is told at once, not only at the next change.
  const sellerAway = new Set<string>();

  async function finish(streamId: string): Promise<repo.StreamRow | null> {
    const ended = await repo.markEnded(db, streamId);
    owners.delete(streamId);
    sellerAway.delete(streamId);
    if (!ended) return null;
    live.invalidate();
    await hub.broadcast(streamId, { type: 'stream_ended', streamId });
    await media?.endStream(streamId);
    return ended;
  }

  return {
    /** With the caller's role in the store's chat; no caller (a link preview): a viewer's. */
    async detail(id: string, userId?: string): Promise<StreamDetail> {
      const { stream, seller } = await loadOrThrow(id);
      const featuredProduct = stream.featuredProductId ? await findProduct(db, stream.featuredProductId) : null;
      const role: ChatRole = userId ? await chatRole(db, seller, userId) : 'viewer';
      const upcoming = stream.startedAt === null && stream.endedAt === null;
      const reminded = upcoming && userId ? await repo.isReminded(db, id, userId) : undefined;
      return { ...toStreamDto(stream), featuredProduct, seller, chatSettings: chatSettingsOf(stream), chatRole: role, ...(upcoming ? { reminded: reminded ?? false } : {}) };
    },

    /**
     * Live at once, or announced for later with scheduledFor (5 minutes to 30 days ahead): isLive false
     * and startedAt null until the owner starts it. Followers hear of a live show in the same transaction.
     */
    async create(userId: string, body: CreateStreamInput): Promise<LiveStream> {
      const seller = await repo.findSellerOfUser(db, userId);
      if (!seller) throw new HttpError(403, 'Only sellers can go live. Create your store first.');
      const scheduledFor = body.scheduledFor ? checkScheduledFor(new Date(body.scheduledFor), now()) : null;
      const productIds = [...new Set(body.productIds ?? [])];
      return oneLiveShow(async () => {
        const { row, notified } = await db.transaction(async (tx) => {
          const own = await repo.findOwnActiveProductIds(tx, seller.id, productIds);
          if (productIds.some((p) => !own.has(p))) throw new HttpError(400, 'That product is not in this store');
          const row = await repo.insertStream(tx, {
            sellerId: seller.id,
            title: body.title,
            description: body.description || null,
            thumbnailUrl: body.thumbnailUrl ?? null,
            recordingEnabled: body.recording ?? true,
            scheduledFor,
          });
          await repo.insertPlannedProducts(tx, row.id, productIds);
          const notified = scheduledFor ? [] : await announcements.goingLive(tx, row, seller);
          return { row, notified };
        });
        if (scheduledFor) await announcements.scheduled(row);
        else {
          live.invalidate();
          // Not awaited: a store with many followers must not hold up the seller's Go Live.
          announcements.delivered(notified, `/stream/${row.id}`);
        }
        return toStreamDto(row);
      });
    },

    /** Owner only: a scheduled show goes live (the one-live-show rule holds); followers and reminded people hear of it. */
    async start(userId: string, id: string): Promise<LiveStream> {
      const { stream, seller } = await loadOrThrow(id);
      if (seller.userId !== userId) throw new HttpError(403, 'Only the seller who scheduled this show can start it.');
      if (stream.isLive) return toStreamDto(stream);
      if (stream.endedAt) throw new HttpError(409, 'This stream has ended');
      return oneLiveShow(async () => {
        const { row, notified } = await db.transaction(async (tx) => {
          const row = await repo.markStarted(tx, id);
          if (!row) throw new HttpError(409, 'This stream has ended');
          return { row, notified: await announcements.goingLive(tx, row, seller) };
        });
        live.invalidate();
        announcements.delivered(notified, `/stream/${row.id}`);
        return toStreamDto(row);
      });
    },

    /** Owner only, while not yet live: the show goes, and the people reminded of it are told. */
    async cancel(userId: string, id: string): Promise<void> {
      const { stream, seller } = await loadOrThrow(id);
      if (seller.userId !== userId) throw new HttpError(403, 'Only the seller who scheduled this show can cancel it.');
      if (stream.startedAt !== null) throw new HttpError(409, 'Only a show that has not started can be cancelled');
      const notified = await db.transaction(async (tx) => {
        const notified = await announcements.cancelling(tx, stream, seller);
        if (!(await repo.deleteUnstarted(tx, id))) throw new HttpError(409, 'Only a show that has not started can be cancelled');
        return notified;
      });
      announcements.delivered(notified, '/notifications');
    },

    /** Announced shows, soonest first; one store's with sellerId (its dashboard). */
    async upcoming(viewerId: string, sellerId?: string): Promise<UpcomingStream[]> {
      const rows = await repo.findUpcoming(db, { now: now(), limit: UPCOMING_STREAMS_LIMIT, sellerId, viewerId });
      const planned = await repo.findPlannedProducts(db, rows.map((r) => r.stream.id));
      return rows.map(({ stream, storeName, reminded }) => ({
        ...toStreamDto(stream),
        scheduledFor: stream.scheduledFor!.toISOString(),
        storeName,
        reminded: Boolean(reminded),
        featuredProducts: planned.filter((p) => p.streamId === stream.id).map((p) => toProductDto(p.product)),
      }));
    },

    /** Owner only. Ending twice is harmless: the second call returns the ended stream. */
    async end(userId: string, id: string): Promise<LiveStream> {
      const { stream, seller } = await loadOrThrow(id);
      if (seller.userId !== userId) throw new HttpError(403, 'Only the seller who started this stream can end it.');
      if (stream.startedAt === null) throw new HttpError(409, 'This show has not started yet');
      return toStreamDto((await finish(id)) ?? stream);
    },

    async ownerOf(id: string): Promise<string> {
      return (await loadOrThrow(id)).seller.userId;
    },

    async ownership(id: string): Promise<{ ownerId: string; isLive: boolean }> {
      const { stream, seller } = await loadOrThrow(id);
      return { ownerId: seller.userId, isLive: stream.isLive };
    },

    async listLive(): Promise<string> {
      return JSON.stringify(LiveStreamList.parse((await repo.findLiveStreams(db)).map(toStreamDto)));
    },

    /** By seller id: anyone (a store's shows are public). By user id (analytics): only that user. */
    async listOfSeller(sellerOrUserId: string, viewerId: string): Promise<LiveStream[]> {
      if (sellerOrUserId !== viewerId && (await repo.isUserId(db, sellerOrUserId))) {
        throw new HttpError(403, "You can only see your own store's streams by user id");
      }
      const rows = await repo.findStreamsOfSeller(db, sellerOrUserId);
      const ended = rows.filter((r) => r.endedAt !== null).map((r) => r.id);
      const [withReplay, views] = await Promise.all([replays.withReplay(ended), replays.views(ended)]);
      return rows.map((row) => ({
        ...toStreamDto(row),
        ...(row.endedAt ? { hasReplay: withReplay.has(row.id), replayViews: views.get(row.id) ?? 0 } : {}),
      }));
    },

    async products(id: string): Promise<Product[]> {
      const { stream } = await loadOrThrow(id);
      return listActiveProducts(db, stream.sellerId);
    },

    async messages(id: string): Promise<ChatMessage[]> {
      await loadOrThrow(id);
      return (await repo.findRecentMessages(db, id, CHAT_HISTORY_LIMIT)).map(toChatMessageDto);
    },

    /** The seller is not one of their own viewers; their joining marks the show as still attended. */
    async join(client: Client, streamId: string) {
      const { stream, seller } = await loadOrThrow(streamId);
      if (!stream.isLive) throw new HttpError(409, stream.startedAt === null ? 'This show has not started yet' : 'This stream has ended');
      const isOwner = client.userId === seller.userId;
      if (isOwner) {
        owners.set(streamId, seller.userId);
        await repo.touchPublisher(db, [streamId]);
      } else {
        await repo.recordViewer(db, streamId, client.userId);
      }
      // The owner is in the room (chat, featured products) but is not one of their own viewers.
      await hub.join(streamId, client, { counted: !isOwner });
      if (sellerAway.has(streamId) && client.socket.readyState === client.socket.OPEN) {
        client.socket.send(JSON.stringify({ type: 'seller_connection', streamId, status: 'reconnecting' } satisfies ServerMessage));
      }
    },

    /**
     * The seller's camera went quiet or came back (the media server says so): the room hears it, and
     * the grace period before an abandoned show ends counts from the moment it went quiet.
     */
    async sellerConnection(streamId: string, status: 'reconnecting' | 'live') {
      if (status === 'reconnecting') {
        sellerAway.add(streamId);
        await repo.touchPublisher(db, [streamId]);
      } else sellerAway.delete(streamId);
      await hub.broadcast(streamId, { type: 'seller_connection', streamId, status });
    },

    /** Live streams whose seller has the stream page open on this instance. */
    attendedByOwner(): string[] {
      const attended: string[] = [];
      for (const [streamId, owner] of owners) {
        if (hub.hasLocalUser(streamId, owner)) attended.push(streamId);
        else owners.delete(streamId);
      }
      return attended;
    },

    /**
     * Checked, saved, then broadcast under the (store, user) lock held shared: a ban waits for the
     * publish, so nothing goes out after the ban is acknowledged (decision 021). A held message is saved
     * and echoed to its sender's socket only; the refusal says `held`.
     */
    async chat(client: Client, streamId: string, message: string) {
      if (!client.joined.has(streamId)) throw new HttpError(400, 'Join the stream before chatting');
      const allowed = await limiter.hit(`chat:${client.userId}`, chatRateLimit, CHAT_RATE_WINDOW_MS / 1000);
      if (!allowed.allowed) throw new HttpError(429, 'Slow down: at most {{limit}} messages every {{seconds}} seconds', { limit: chatRateLimit, seconds: CHAT_RATE_WINDOW_MS / 1000 });
      const { stream, seller } = await loadOrThrow(streamId);
      if (!stream.isLive) throw new HttpError(409, 'This stream has ended');
      const { held } = await gate.check(db, {
        sellerId: seller.id,
        ownerId: seller.userId,
        streamId,
        userId: client.userId,
        message,
        settings: chatSettingsOf(stream),
      });
      const row = await repo.insertChatMessage(db, { streamId, userId: client.userId, message, held });
      const sent: ServerMessage = {
        type: 'new_chat_message',
        message: { id: row.id, streamId, userId: client.userId, displayName: client.displayName, message, createdAt: row.createdAt.toISOString() },
      };
      if (held) {
        if (client.socket.readyState === client.socket.OPEN) client.socket.send(JSON.stringify(sent));
        throw refuse('held');
      }
      // Saved, then published under the (store, user) lock: a ban waits for this publish, and a ban
      // that came in between the check and now stops it (and the row, which nobody saw, goes).
      const stopped = await db.transaction(async (tx) => {
        await lockMember(tx, seller.id, client.userId, 'shared');
        const refusal = client.userId === seller.userId ? null : await gate.banned(tx, seller.id, client.userId);
        if (refusal) await repo.deleteChatMessage(tx, row.id);
        else await hub.broadcast(streamId, sent);
        return refusal;
      });
      if (stopped) throw stopped;
    },

    /** Owner only; the product must be one of the seller's active products. null clears it. */
    async feature(userId: string, streamId: string, productId: string | null) {
      const { stream, seller } = await loadOrThrow(streamId);
      if (seller.userId !== userId) throw new HttpError(403, 'Only the stream owner can feature products');
      if (!stream.isLive) throw new HttpError(409, 'This stream has ended');
      const product = productId ? await findProduct(db, productId) : null;
      if (productId && (!product || product.sellerId !== stream.sellerId || !product.isActive)) {
        throw new HttpError(400, 'That product is not in this store');
      }
      // The change and its moment together: a replay shows each product when it was featured.
      await db.transaction(async (tx) => {
        await repo.setFeaturedProduct(tx, streamId, product?.id ?? null);
        await repo.recordFeatured(tx, streamId, product?.id ?? null);
      });
      await hub.broadcast(streamId, { type: 'product_featured', streamId, product });
    },

    /** Ends live streams whose publisher has been gone for the grace period. */
    async endAbandoned(now = Date.now()): Promise<string[]> {
      const stale = await repo.findAbandoned(db, new Date(now - abandonedAfterMs));
      const ended: string[] = [];
      for (const { id } of stale) if (await finish(id)) ended.push(id);
      return ended;
    },

    async touchPublishers(streamIds: string[], at = new Date()) {
      await repo.touchPublisher(db, streamIds, at);
    },

    async demoStreams(): Promise<string[]> {
      return (await repo.findLiveDemoStreams(db)).map((r) => r.id);
    },

    async saveViewerCount(streamId: string, count: number) {
      await repo.setViewerCount(db, streamId, count);
    },
  };
}

export type StreamsService = ReturnType<typeof createStreamsService>;
