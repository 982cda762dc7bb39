import { describe, expect, it } from 'vitest';
import { CreatePollBody } from './engagement.js';
import { AddToCartBody, UpdateCartItemBody } from './orders.js';
import { ProductBody } from './products.js';
import { CreateAuctionBody, CreateDealBody } from './selling.js';

const product = '0b6f3f1e-8a4e-4c39-9d55-6f1f2d7a9b10';
const issue = (result: { success: boolean; error?: { issues: Array<{ message: string; path: PropertyKey[] }> } }) => result.error?.issues[0];

// Issue 25 item 3: zero amounts reached the database's CHECK (a 500), and z.coerce read true as 1 and "0x10" as 16.
describe('rupee amounts', () => {
  const deal = { productId: product, dealPrice: '799', units: 10, perBuyerLimit: 1, durationSeconds: 60 };
  const auction = { productId: product, startingBid: '499', durationSeconds: 30 };

  it.each(['0', '0.00', ' 0.0 '])('refuses a deal price of %j with the form’s message', (dealPrice) => {
    expect(issue(CreateDealBody.safeParse({ ...deal, dealPrice }))).toMatchObject({ path: ['dealPrice'], message: 'The deal price must be more than ₹0' });
  });

  it.each(['0', '0.00'])('refuses a starting bid of %j with the form’s message', (startingBid) => {
    expect(issue(CreateAuctionBody.safeParse({ ...auction, startingBid }))).toMatchObject({ path: ['startingBid'], message: 'The starting bid must be more than ₹0' });
  });

  it('takes the smallest amounts above zero and says only the format is wrong for text', () => {
    expect(CreateDealBody.parse({ ...deal, dealPrice: '0.01' }).dealPrice).toBe('0.01');
    expect(CreateAuctionBody.parse({ ...auction, startingBid: '1' }).startingBid).toBe('1');
    const wrong = CreateDealBody.safeParse({ ...deal, dealPrice: 'free' });
    expect(wrong.error?.issues.map((i) => i.message)).toEqual(['Enter the deal price in rupees, e.g. 799']);
  });

  it.each([799, '1e3', '0x10', '७९९', '799.', '.5', '-799'])('refuses %j as a rupee amount', (dealPrice) => {
    expect(issue(CreateDealBody.safeParse({ ...deal, dealPrice }))?.path).toEqual(['dealPrice']);
  });
});

describe('whole numbers', () => {
  const body = { name: 'Kundan set', price: '2499', category: 'jewelry' };
  const stock = (stockQuantity: unknown) => ProductBody.safeParse({ ...body, stockQuantity });

  it.each([true, '0x10', '1e3', '12.5', 12.5, '12abc', [[]], {}, null])('refuses %j as a stock quantity', (value) => {
    expect(issue(stock(value))).toMatchObject({ path: ['stockQuantity'], message: 'Stock must be a whole number' });
  });

  it('takes JSON numbers and plain digits, and a blank field is the default 0', () => {
    expect(stock(12).data?.stockQuantity).toBe(12);
    expect(stock(' 12 ').data?.stockQuantity).toBe(12);
    expect(stock('').data?.stockQuantity).toBe(0);
    expect(stock(undefined).data?.stockQuantity).toBe(0);
    expect(issue(stock('-1'))?.message).toBe('Stock cannot be negative');
  });

  it('reads cart quantities the same way', () => {
    expect(AddToCartBody.parse({ productId: product }).quantity).toBe(1);
    expect(AddToCartBody.parse({ productId: product, quantity: '2' }).quantity).toBe(2);
    expect(issue(AddToCartBody.safeParse({ productId: product, quantity: true }))?.message).toBe('Quantity must be a whole number');
    expect(issue(UpdateCartItemBody.safeParse({ quantity: '0x2' }))?.message).toBe('Quantity must be a whole number');
    expect(issue(UpdateCartItemBody.safeParse({}))?.message).toBe('Quantity must be a whole number');
  });
});

describe('a poll’s duration', () => {
  const poll = (durationMinutes: unknown) => CreatePollBody.parse({ question: 'Gold or silver?', options: ['Gold', 'Silver'], durationMinutes }).durationMinutes;
  it('reads decimal text as seconds and anything else as the default 60 (SPEC 5)', () => {
    expect(poll(' 120 ')).toBe(120);
    expect(poll('0x1F')).toBe(60);
    expect(poll('1e2')).toBe(60);
    expect(poll(true)).toBe(60);
  });
});
