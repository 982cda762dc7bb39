import { describe, expect, it } from 'vitest';
import type { Order } from '@live-market/contract/orders';
import type { LiveStream } from '@live-market/contract/streams';
import { averageStreamMinutes, conversionRate, isRevenueOrder, summarize, topStreams, totalReplayViews, totalRevenue } from './analytics';

// Every expected value below is worked out by hand from these fixtures.
const NOW = Date.parse('2025-03-31T12:00:00.000Z');
const HOUR = 3600_000;
const DAY = 24 * HOUR;
const iso = (ms: number) => new Date(ms).toISOString();

function stream(id: string, daysAgo: number, minutes: number | null, viewerCount: number): LiveStream {
  const start = NOW - daysAgo * DAY;
  return {
    id: `00000000-0000-4000-8000-${id.padStart(12, '0')}`,
    sellerId: '00000000-0000-4000-8000-0000000000bb',
    title: `Stream ${id}`,
    description: null,
    thumbnailUrl: null,
    isLive: minutes === null,
    viewerCount,
    startedAt: iso(start),
    endedAt: minutes === null ? null : iso(start + minutes * 60_000),
    scheduledFor: null,
    language: 'en',
  };
}

function order(id: string, daysAgo: number, totalAmount: string, status: Order['status'], paymentStatus: Order['paymentStatus']): Order {
  return { id: `00000000-0000-4000-9000-${id.padStart(12, '0')}`, status, createdAt: iso(NOW - daysAgo * DAY), totalAmount, paymentMethod: 'upi', paymentStatus, streamId: null, source: null, dealId: null, auctionId: null, payBy: null };
}

const streams = [
  stream('1', 2, 45, 120),
  stream('2', 10, 90, 300),
  stream('3', 20, 30, 80),
  stream('4', 1 / 24, null, 50), // live, started an hour ago
  stream('5', 100, 60, 1000),
  stream('6', 400, 120, 5000), // older than a year
];

const orders = [
  order('1', 1, '2499.50', 'confirmed', 'paid'),
  order('2', 3, '1200.00', 'delivered', 'pending'), // cash on delivery, delivered
  order('3', 5, '999.00', 'pending', 'pending'),
  order('4', 15, '5000.00', 'cancelled', 'refunded'),
  order('5', 25, '3500.25', 'shipped', 'paid'),
  order('6', 200, '10000.00', 'delivered', 'paid'),
  order('7', 500, '7777.00', 'confirmed', 'paid'),
];

describe('isRevenueOrder', () => {
  it('counts paid or delivered orders only', () => {
    expect(isRevenueOrder({ status: 'confirmed', paymentStatus: 'paid' })).toBe(true);
    expect(isRevenueOrder({ status: 'delivered', paymentStatus: 'pending' })).toBe(true);
    expect(isRevenueOrder({ status: 'pending', paymentStatus: 'pending' })).toBe(false);
    expect(isRevenueOrder({ status: 'cancelled', paymentStatus: 'refunded' })).toBe(false);
    expect(isRevenueOrder({ status: 'shipped', paymentStatus: 'failed' })).toBe(false);
  });
});

describe('totalRevenue', () => {
  it('adds rupee strings exactly', () => {
    expect(totalRevenue([order('1', 0, '0.10', 'confirmed', 'paid'), order('2', 0, '0.20', 'confirmed', 'paid')])).toBe(0.3);
    expect(totalRevenue([])).toBe(0);
  });
});

describe('conversionRate', () => {
  it('is orders ÷ viewers × 100 with 2 decimals, or 0 without streams', () => {
    expect(conversionRate(3, 170, 2)).toBe('1.76'); // 1.7647…
    expect(conversionRate(1, 3, 1)).toBe('33.33');
    expect(conversionRate(5, 0, 0)).toBe('0');
    expect(conversionRate(2, 0, 1)).toBe('0.00');
  });
});

describe('averageStreamMinutes', () => {
  it('averages ended streams only', () => {
    // (45 + 90 + 30) ÷ 3 = 55; the live stream is left out.
    expect(averageStreamMinutes(streams.slice(0, 4))).toBe(55);
    expect(averageStreamMinutes([stream('9', 0, null, 10)])).toBe(0);
  });
});

describe('topStreams', () => {
  it('keeps the five ended streams with the most viewers', () => {
    const many = [...streams, stream('7', 3, 10, 200), stream('8', 4, 10, 250)];
    // Ended: 6 (5000), 5 (1000), 2 (300), 8 (250), 7 (200), 1 (120), 3 (80); the live stream 4 is out.
    expect(topStreams(many).map((s) => s.title)).toEqual(['Stream 6', 'Stream 5', 'Stream 2', 'Stream 8', 'Stream 7']);
  });
});

describe('summarize', () => {
  it('keeps the last 7 days for a week', () => {
    // Streams 1 and 4 (120 + 50 viewers); orders 1, 2, 3; revenue 2499.50 + 1200.00.
    expect(summarize(streams, orders, 'week', NOW)).toMatchObject({
      revenue: 3699.5,
      orders: 3,
      viewers: 170,
      conversionRate: '1.76', // 3 ÷ 170 × 100 = 1.7647…
      streams: 2,
      averageMinutes: 45, // only stream 1 has ended
      averageViewers: 85, // 170 ÷ 2
    });
    expect(summarize(streams, orders, 'week', NOW).topStreams.map((s) => s.title)).toEqual(['Stream 1']);
  });

  it('keeps the last 30 days for a month', () => {
    // Streams 1-4: 120 + 300 + 80 + 50 = 550 viewers. Orders 1-5; revenue 2499.50 + 1200.00 + 3500.25.
    const month = summarize(streams, orders, 'month', NOW);
    expect(month).toMatchObject({
      revenue: 7199.75,
      orders: 5,
      viewers: 550,
      conversionRate: '0.91', // 5 ÷ 550 × 100 = 0.909…
      streams: 4,
      averageMinutes: 55, // (45 + 90 + 30) ÷ 3
      averageViewers: 138, // 550 ÷ 4 = 137.5
    });
    expect(month.topStreams.map((s) => s.title)).toEqual(['Stream 2', 'Stream 1', 'Stream 3']);
  });

  it('keeps the last 365 days for a year', () => {
    // Streams 1-5: 550 + 1000 = 1550 viewers. Orders 1-6; revenue 7199.75 + 10000.00.
    const year = summarize(streams, orders, 'year', NOW);
    expect(year).toMatchObject({
      revenue: 17199.75,
      orders: 6,
      viewers: 1550,
      conversionRate: '0.39', // 6 ÷ 1550 × 100 = 0.387…
      streams: 5,
      averageMinutes: 56, // (45 + 90 + 30 + 60) ÷ 4 = 56.25
      averageViewers: 310, // 1550 ÷ 5
    });
    expect(year.topStreams.map((s) => s.title)).toEqual(['Stream 5', 'Stream 2', 'Stream 1', 'Stream 3']);
  });

  it('shows zeros when there is nothing in the period', () => {
    expect(summarize([], [], 'month', NOW)).toEqual({
      revenue: 0,
      orders: 0,
      viewers: 0,
      conversionRate: '0',
      streams: 0,
      averageMinutes: 0,
      averageViewers: 0,
      replayViews: null,
      topStreams: [],
    });
  });

  it('adds up replay views where the server counts them, and says nothing where it does not (issue 13)', () => {
    expect(totalReplayViews([stream('1', 1, 30, 10), stream('2', 2, 30, 10)])).toBeNull();
    expect(totalReplayViews([{ ...stream('1', 1, 30, 10), replayViews: 12 }, { ...stream('2', 2, 30, 10), replayViews: 30 }, stream('3', 3, 30, 10)])).toBe(42);
  });
});
