import { describe, expect, it } from 'vitest';
import type { Product } from '@live-market/contract/products';
import type { ChatMessage, StreamDetail } from '@live-market/contract/streams';
import { appendChatMessage, applyToStreamDetail, isForStream } from './stream-updates';

const STREAM = '00000000-0000-4000-8000-0000000000aa';
const OTHER = '00000000-0000-4000-8000-0000000000ff';

const product = (id: string, name: string): Product => ({
  id,
  sellerId: '00000000-0000-4000-8000-0000000000bb',
  name,
  description: null,
  price: '999.00',
  originalPrice: '1299.00',
  category: 'jewelry',
  stockQuantity: 4, weightGrams: 500,
  imageUrl: null,
  isActive: true, hsnCode: '7117', gstRatePercent: 3, countryOfOrigin: 'IN', returnDays: 7,
});

const necklace = product('00000000-0000-4000-8000-000000000101', 'Kundan necklace');
const earrings = product('00000000-0000-4000-8000-000000000102', 'Jhumka earrings');

const detail: StreamDetail = {
  id: STREAM,
  sellerId: '00000000-0000-4000-8000-0000000000bb',
  title: 'Bridal jewellery',
  description: null,
  thumbnailUrl: null,
  isLive: true,
  viewerCount: 3,
  startedAt: '2025-01-01T10:00:00.000Z',
  endedAt: null,
  scheduledFor: null,
  language: 'en',
  featuredProduct: necklace,
  seller: { id: '00000000-0000-4000-8000-0000000000bb', userId: '00000000-0000-4000-8000-0000000000cc', storeName: 'Jaipur Gems' },
  chatSettings: { slowModeSeconds: 0, followersOnly: false, linksAllowed: false },
  chatRole: 'viewer',
};

const chat = (id: string, streamId = STREAM): ChatMessage => ({
  id,
  streamId,
  userId: '00000000-0000-4000-8000-000000000001',
  displayName: 'Asha',
  message: `line ${id}`,
  createdAt: '2025-01-01T10:00:00.000Z',
});

describe('featured product', () => {
  it('starts from the stream detail and follows product_featured messages, latest wins', () => {
    let state = applyToStreamDetail(detail, { type: 'product_featured', product: earrings });
    expect(state?.featuredProduct?.name).toBe('Jhumka earrings');
    state = applyToStreamDetail(state, { type: 'product_featured', streamId: STREAM, product: necklace });
    expect(state?.featuredProduct?.name).toBe('Kundan necklace');
  });

  it('is cleared by a product_featured message with no product', () => {
    expect(applyToStreamDetail(detail, { type: 'product_featured', product: null })?.featuredProduct).toBeNull();
  });

  it('ignores messages about another stream', () => {
    expect(isForStream({ type: 'product_featured', streamId: OTHER, product: earrings }, STREAM)).toBe(false);
    expect(isForStream({ type: 'product_featured', product: earrings }, STREAM)).toBe(true);
    expect(isForStream({ type: 'new_chat_message', message: chat('x', OTHER) }, STREAM)).toBe(false);
    expect(isForStream({ type: 'auction_ended', streamId: OTHER, auctionId: OTHER, winnerName: 'Asha', price: '550.00' }, STREAM)).toBe(false);
    expect(isForStream({ type: 'auction_ended', streamId: STREAM, auctionId: OTHER, winnerName: null, price: null }, STREAM)).toBe(true);
  });
});

describe('applyToStreamDetail', () => {
  it('takes the live viewer count', () => {
    expect(applyToStreamDetail(detail, { type: 'viewer_count_update', count: 42 })?.viewerCount).toBe(42);
    expect(applyToStreamDetail(detail, { type: 'viewer_count_update', count: 3 })).toBe(detail);
  });

  it('marks the stream ended', () => {
    const ended = applyToStreamDetail(detail, { type: 'stream_ended' }, () => new Date('2025-01-01T11:00:00.000Z'));
    expect(ended).toMatchObject({ isLive: false, endedAt: '2025-01-01T11:00:00.000Z' });
  });

  it('leaves an unloaded stream alone', () => {
    expect(applyToStreamDetail(undefined, { type: 'viewer_count_update', count: 1 })).toBeUndefined();
  });
});

describe('appendChatMessage', () => {
  it('adds new lines after the history, once each, keeping the newest', () => {
    let lines = appendChatMessage(undefined, chat('1'));
    lines = appendChatMessage(lines, chat('2'));
    lines = appendChatMessage(lines, chat('2'));
    expect(lines.map((l) => l.id)).toEqual(['1', '2']);
    lines = appendChatMessage(lines, chat('3'), 2);
    expect(lines.map((l) => l.id)).toEqual(['2', '3']);
  });
});
