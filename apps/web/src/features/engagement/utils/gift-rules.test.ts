import { describe, expect, it } from 'vitest';
import type { RecentGift } from '@live-market/contract/engagement';
import { findGift, giftSendBlock, isLowBalance, keepLiveGift, mergeRecentGifts } from './gift-rules';

const gift = (n: number): RecentGift => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  giftId: 'heart',
  senderName: `Viewer ${n}`,
  amount: 1,
  createdAt: new Date(Date.UTC(2025, 0, 1, 0, 0, n)).toISOString(),
});

describe('gift balance rules', () => {
  it('prompts for more coins below 10', () => {
    expect(isLowBalance(9)).toBe(true);
    expect(isLowBalance(0)).toBe(true);
    expect(isLowBalance(10)).toBe(false);
    expect(isLowBalance(1000)).toBe(false);
    expect(isLowBalance(undefined)).toBe(false);
  });

  it('needs a signed-in user first', () => {
    expect(giftSendBlock({ userId: null, isOwner: false, balance: 1000, price: 1 })).toBe('login_required');
  });

  it('refuses a gift the balance cannot pay for', () => {
    expect(giftSendBlock({ userId: 'u', isOwner: false, balance: 49, price: 50 })).toBe('insufficient_balance');
    expect(giftSendBlock({ userId: 'u', isOwner: false, balance: 50, price: 50 })).toBeNull();
    expect(giftSendBlock({ userId: 'u', isOwner: false, balance: 0, price: 1 })).toBe('insufficient_balance');
  });

  it('leaves an unknown balance to the server', () => {
    expect(giftSendBlock({ userId: 'u', isOwner: false, balance: undefined, price: 100 })).toBeNull();
  });

  it('the owner cannot send gifts', () => {
    expect(giftSendBlock({ userId: 'u', isOwner: true, balance: 1000, price: 1 })).toBe('owner');
  });

  it('knows the catalogue prices', () => {
    expect([1, 5, 10, 25, 50, 100]).toEqual(['heart', 'star', 'coffee', 'fire', 'diamond', 'crown'].map((id) => findGift(id)?.price));
    expect(findGift('rose')).toBeUndefined();
  });
});

describe('recent gifts', () => {
  it('keeps the newest 10 gifts from messages without duplicates', () => {
    let kept: RecentGift[] = [];
    for (let n = 1; n <= 12; n++) kept = keepLiveGift(kept, gift(n));
    kept = keepLiveGift(kept, gift(12));
    expect(kept).toHaveLength(10);
    expect(kept[0]?.id).toBe(gift(12).id);
    expect(kept.at(-1)?.id).toBe(gift(3).id);
  });

  it('shows at most 20, newest first, merging fetched and live gifts', () => {
    const fetched = Array.from({ length: 20 }, (_, i) => gift(20 - i));
    const live = [gift(22), gift(21), gift(20)];
    const shown = mergeRecentGifts(live, fetched);
    expect(shown).toHaveLength(20);
    expect(shown.slice(0, 3).map((g) => g.senderName)).toEqual(['Viewer 22', 'Viewer 21', 'Viewer 20']);
    expect(new Set(shown.map((g) => g.id)).size).toBe(20);
  });
});
