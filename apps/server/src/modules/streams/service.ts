import {
  CHAT_HISTORY_LIMIT,
  UPCOMING_STREAMS_LIMIT,
  type UpcomingStream,
  CHAT_RATE_LIMIT,
  LiveStreamList,
  STREAM_ABANDONED_AFTER_MS,
  type ChatMessage,
  type CreateStreamBody,
  type LiveStream,
  type Product,
  type ServerMessage,
  type ChatRole,
  type StreamDetail,
  DEFAULT_LANGUAGE, isLanguageCode, type LanguageCode,
} from '@live-market/contract';
import { HttpError } from '../../plugins/errors.js';
import type { Tx } from '../../db/client.js';
import type { Client } from '../../realtime/hub.js';
import { findProduct, listActiveProducts, toProductDto } from '../products/index.js';
import { followersOnlyAnnouncements } from './announcements.js';
import { toChatMessageDto } from './chat-dto.js';
import { chatSettingsOf, createChatLines } from './chat-lines.js';
import { chatRole } from '../moderation/index.js';
import * as repo from './repository.js';
import { NO_REPLAYS, checkScheduledFor, oneLiveShow, toStreamDto, type ReplayFacts, type StreamMedia, type StreamsDeps } from './stream-rules.js';

export { HttpError as StreamError };
export { toStreamDto, type ReplayFacts, type StreamMedia, type StreamsDeps };

export type CreateStreamInput = Pick<CreateStreamBody, 'title' | 'description' | 'scheduledFor' | 'thumbnailUrl' | 'productIds' | 'recording' | 'language'> & { title: string };

export function createStreamsService(deps: StreamsDeps) {
  const { db, gate, hub, limiter, live, media, chatRateLimit = CHAT_RATE_LIMIT, abandonedAfterMs = STREAM_ABANDONED_AFTER_MS } = deps;
  const announcements = deps.announcements ?? followersOnlyAnnouncements(deps.pushUnread);
  const now = deps.now ?? (() => new Date());
  const replays = deps.replays ?? NO_REPLAYS;
  const chatLines = createChatLines({ db, gate, hub, limiter, now, chatRateLimit });
  // Issue 25: a list change reaches this instance from any instance; the cached live list goes first,
  // so a client that refetches on the push gets the new list.
  hub.onListsChange(() => live.invalidate());
  /** An announced show as the upcoming list has it, for everyone: nobody has asked for a reminder yet. */
  async function asUpcoming(row: repo.StreamRow, storeName: string): Promise<UpcomingStream> {
    const planned = await repo.findPlannedProducts(db, [row.id]);
    return { ...toStreamDto(row), scheduledFor: row.scheduledFor!.toISOString(), storeName, reminded: false, featuredProducts: planned.map((p) => toProductDto(p.product)) };
  }

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

  async function finish(streamId: string, endedAlready?: repo.StreamRow): Promise<repo.StreamRow | null> {
    const ended = endedAlready ?? (await repo.markEnded(db, streamId));
    owners.delete(streamId);
    sellerAway.delete(streamId);
    if (!ended) return null;
    live.invalidate();
    // The recording's row exists from its first frame: an ended show with one has its replay now.
    const hasReplay = (await replays.withReplay([streamId])).has(streamId);
    await hub.broadcast(streamId, { type: 'stream_ended', streamId, sellerId: ended.sellerId, hasReplay });
    await hub.publishListing({ type: 'listing_update', streamId, status: 'ended' });
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
            language: body.language ?? (isLanguageCode(seller.userLanguage) ? seller.userLanguage : DEFAULT_LANGUAGE),
          });
          await repo.insertPlannedProducts(tx, row.id, productIds);
          const notified = scheduledFor ? [] : await announcements.goingLive(tx, row, seller);
          return { row, notified };
        });
        if (scheduledFor) {
          await announcements.scheduled(row);
          await hub.publishListing({ type: 'listing_update', streamId: row.id, status: 'announced', show: await asUpcoming(row, seller.storeName) });
        } else {
          live.invalidate();
          await hub.publishListing({ type: 'listing_update', streamId: row.id, status: 'live', stream: { ...toStreamDto(row), storeRating: await repo.storeRatingOf(db, row.sellerId) } });
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
        // The lists and anyone waiting on the show's page (issue 25: within 2 s, not at their next poll).
        await hub.publishListing({ type: 'listing_update', streamId: row.id, status: 'live', stream: { ...toStreamDto(row), storeRating: await repo.storeRatingOf(db, row.sellerId) } });
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
      await hub.publishListing({ type: 'listing_update', streamId: id, status: 'cancelled' });
      announcements.delivered(notified, '/notifications');
    },

    /** Announced shows, soonest first; one store's with sellerId (its dashboard); in one language with language. */
    async upcoming(viewerId: string, filter: { sellerId?: string; language?: LanguageCode } = {}): Promise<UpcomingStream[]> {
      const rows = await repo.findUpcoming(db, { now: now(), limit: UPCOMING_STREAMS_LIMIT, viewerId, ...filter });
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

    /** Issue 28: an operator ends shows as their seller would; the operator's work (audit, suspension) in the same transaction. */
    async endFor(ids: string[], within: (tx: Tx, ended: string[]) => Promise<void>): Promise<string[]> {
      const ended = await db.transaction(async (tx) => {
        const rows = [];
        for (const id of ids) rows.push(await repo.markEnded(tx, id));
        const done = rows.filter((r) => r !== null);
        await within(tx, done.map((r) => r.id));
        return done;
      });
      for (const row of ended) await finish(row.id, row);
      return ended.map((r) => r.id);
    },
    ownerOf: async (id: string): Promise<string> => (await loadOrThrow(id)).seller.userId,
    async ownership(id: string): Promise<{ ownerId: string; isLive: boolean }> {
      const { stream, seller } = await loadOrThrow(id);
      return { ownerId: seller.userId, isLive: stream.isLive };
    },
    async listLive(): Promise<string> {
      return JSON.stringify(LiveStreamList.parse((await repo.findLiveStreams(db)).map((row) => ({ ...toStreamDto(row), storeRating: row.storeRating }))));
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
    chat: chatLines.chat,

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
