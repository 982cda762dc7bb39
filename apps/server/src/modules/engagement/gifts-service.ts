import { GIFTS, INSUFFICIENT_COINS_MESSAGE, RECENT_GIFTS_SHOWN, type GiftEarnings, type RecentGift, type SendGiftBody, type Wallet } from '@live-market/contract';
import type { Db } from '../../db/client.js';
import { assertMayTakePart } from '../moderation/index.js';
import { HttpError } from '../../plugins/errors.js';
import type { Hub } from '../../realtime/hub.js';
import { displayName } from '../auth/index.js';
import * as repo from './repository.js';

export interface GiftsDeps {
  db: Db;
  hub: Hub;
}

const toRecentGift = (gift: repo.GiftRow, senderName: string): RecentGift => ({
  id: gift.id,
  giftId: gift.giftId,
  senderName,
  amount: gift.amount,
  createdAt: gift.createdAt.toISOString(),
});

export function createGiftsService({ db, hub }: GiftsDeps) {
  async function streamOrThrow(streamId: string) {
    const stream = await repo.findStreamOwner(db, streamId);
    if (!stream) throw new HttpError(404, 'Stream not found');
    return stream;
  }

  return {
    async wallet(userId: string): Promise<Wallet> {
      await repo.ensureWelcomeBonus(db, userId);
      return { balance: await repo.balanceOf(db, userId) };
    },

    /**
     * One transaction: lock the sender's wallet, replay a known idempotency key, check the balance,
     * then write the gift and both ledger entries. Parallel sends from one user take turns on the lock,
     * so they can never spend more than the balance.
     */
    async send(userId: string, streamId: string, body: SendGiftBody): Promise<RecentGift> {
      const stream = await streamOrThrow(streamId);
      if (stream.ownerId === userId) throw new HttpError(403, 'You cannot send gifts to your own stream');
      await assertMayTakePart(db, stream.sellerId, userId);
      const price = GIFTS.find((g) => g.id === body.giftId)!.price;
      const { gift, sender, replayed } = await db.transaction(async (tx) => {
        const sender = await repo.lockWallet(tx, userId);
        if (!sender) throw new HttpError(401, 'Unauthorized');
        const previous = await repo.findGiftByKey(tx, userId, body.idempotencyKey);
        if (previous) return { gift: previous, sender, replayed: true };
        if (!stream.isLive) throw new HttpError(409, 'This stream has ended');
        await repo.ensureWelcomeBonus(tx, userId);
        if ((await repo.balanceOf(tx, userId)) < price) throw new HttpError(409, INSUFFICIENT_COINS_MESSAGE);
        const gift = await repo.insertGift(
          tx,
          { streamId, senderId: userId, sellerId: stream.sellerId, giftId: body.giftId, amount: price, idempotencyKey: body.idempotencyKey },
          stream.ownerId,
        );
        return { gift, sender, replayed: false };
      });
      if (replayed && (gift.streamId !== streamId || gift.giftId !== body.giftId)) {
        throw new HttpError(409, 'This idempotency key was already used for another gift');
      }
      const recent = toRecentGift(gift, displayName(sender));
      if (!replayed) await hub.broadcast(streamId, { type: 'gift_sent', streamId, gift: recent });
      return recent;
    },

    async recent(streamId: string): Promise<RecentGift[]> {
      await streamOrThrow(streamId);
      const rows = await repo.recentGifts(db, streamId, RECENT_GIFTS_SHOWN);
      return rows.map((r) => toRecentGift(r.gift, displayName(r)));
    },

    /** The stream owner only (SPEC 6: the owner "sees gift earnings"). */
    async earnings(userId: string, streamId: string): Promise<GiftEarnings> {
      const stream = await streamOrThrow(streamId);
      if (stream.ownerId !== userId) throw new HttpError(403, "Only the stream owner can see this stream's gift earnings");
      return { coins: await repo.earnings(db, streamId) };
    },
  };
}

export type GiftsService = ReturnType<typeof createGiftsService>;
