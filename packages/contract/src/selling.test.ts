import { describe, expect, it } from 'vitest';
import { BidBody, CreateAuctionBody, CreateDealBody, EndDealBody } from './selling.js';

const product = '0b6f3f1e-8a4e-4c39-9d55-6f1f2d7a9b10';
const message = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) => result.error?.issues[0]?.message;

describe('flash deal bodies', () => {
  const deal = { productId: product, dealPrice: '799', units: 10, perBuyerLimit: 1, durationSeconds: 60 };
  it('takes rupee strings and the 10–300 s window', () => {
    expect(CreateDealBody.parse({ ...deal, dealPrice: ' 799.50 ' }).dealPrice).toBe('799.50');
    expect(message(CreateDealBody.safeParse({ ...deal, durationSeconds: 301 }))).toBe('A deal runs 10 to 300 seconds');
    expect(message(CreateDealBody.safeParse({ ...deal, durationSeconds: 9 }))).toBe('A deal runs 10 to 300 seconds');
    expect(message(CreateDealBody.safeParse({ ...deal, dealPrice: '7.999' }))).toBe('Enter the deal price in rupees, e.g. 799');
    expect(message(CreateDealBody.safeParse({ ...deal, units: 0 }))).toBe('Offer at least 1 unit');
    expect(message(CreateDealBody.safeParse({ ...deal, perBuyerLimit: 0 }))).toBe('Allow at least 1 per buyer');
  });
  it('only ends a deal', () => {
    expect(EndDealBody.safeParse({ isActive: true }).success).toBe(false);
    expect(EndDealBody.parse({ isActive: false })).toEqual({ isActive: false });
  });
});

describe('auction bodies', () => {
  it('runs 10–60 s, not sudden death unless asked', () => {
    expect(CreateAuctionBody.parse({ productId: product, startingBid: '499', durationSeconds: 30 }).suddenDeath).toBe(false);
    expect(message(CreateAuctionBody.safeParse({ productId: product, startingBid: '499', durationSeconds: 61 }))).toBe('An auction runs 10 to 60 seconds');
  });
  it('a bid needs an amount in rupees and an idempotency key', () => {
    expect(BidBody.safeParse({ amount: '550', idempotencyKey: 'k-12345678' }).success).toBe(true);
    expect(BidBody.safeParse({ amount: '550' }).success).toBe(false);
    expect(message(BidBody.safeParse({ amount: '-5', idempotencyKey: 'k-12345678' }))).toBe('Enter your bid in rupees, e.g. 550');
    expect(message(BidBody.safeParse({ amount: '550', maxAmount: 'lots', idempotencyKey: 'k-12345678' }))).toBe('Enter your maximum bid in rupees, e.g. 900');
  });
});
