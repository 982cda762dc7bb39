import { GIFTS } from '@live-market/contract/constants';
import { COIN_LOW_BALANCE, RECENT_GIFTS_KEPT, RECENT_GIFTS_SHOWN } from '@live-market/contract/constants';
import type { RecentGift } from '@live-market/contract/engagement';

export type CatalogGift = (typeof GIFTS)[number];

export function findGift(giftId: string): CatalogGift | undefined {
  return GIFTS.find((gift) => gift.id === giftId);
}

/** SPEC 2/9: the 'Need more coins?' prompt shows below 10 coins. */
export function isLowBalance(balance: number | null | undefined): boolean {
  return typeof balance === 'number' && balance < COIN_LOW_BALANCE;
}

export type GiftSendBlock = 'login_required' | 'insufficient_balance' | 'owner';

/**
 * Why a gift cannot be sent before asking the server (SPEC 5/6): signed out, the stream's owner, or
 * a known balance below the gift's price. null means it may be sent.
 */
export function giftSendBlock({ userId, isOwner, balance, price }: { userId: string | null | undefined; isOwner: boolean; balance: number | null | undefined; price: number }): GiftSendBlock | null {
  if (!userId) return 'login_required';
  if (isOwner) return 'owner';
  if (typeof balance === 'number' && balance < price) return 'insufficient_balance';
  return null;
}

/** Adds a gift from a room message to the ones kept from messages: newest first, no duplicates, at most 10. */
export function keepLiveGift(kept: readonly RecentGift[], gift: RecentGift): RecentGift[] {
  return [gift, ...kept.filter((g) => g.id !== gift.id)].slice(0, RECENT_GIFTS_KEPT);
}

/** The recent-gifts list: gifts from messages and the fetched ones merged, newest first, at most 20. */
export function mergeRecentGifts(live: readonly RecentGift[], fetched: readonly RecentGift[]): RecentGift[] {
  const seen = new Set<string>();
  const all: RecentGift[] = [];
  for (const gift of [...live, ...fetched]) {
    if (seen.has(gift.id)) continue;
    seen.add(gift.id);
    all.push(gift);
  }
  return all.sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt)).slice(0, RECENT_GIFTS_SHOWN);
}
