import { TOP_STREAMS_LIMIT } from '@live-market/contract/constants';
import type { Order } from '@live-market/contract/orders';
import type { LiveStream } from '@live-market/contract/streams';

// The seller analytics figures (SPEC sections 2 and 9), as pure functions of the seller's streams
// and orders. Money is summed in paise so that rupee strings add up exactly.

export const ANALYTICS_PERIODS = ['week', 'month', 'year'] as const;
export type AnalyticsPeriod = (typeof ANALYTICS_PERIODS)[number];
export const DEFAULT_ANALYTICS_PERIOD: AnalyticsPeriod = 'month';

/** The toggle's periods: the last 7, 30 or 365 days. */
export const PERIOD_DAYS: Record<AnalyticsPeriod, number> = { week: 7, month: 30, year: 365 };

const DAY_MS = 24 * 60 * 60 * 1000;
const MINUTE_MS = 60 * 1000;

function time(value: string | null | undefined): number | null {
  if (!value) return null;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : ms;
}

function inWindow(value: string | null | undefined, from: number, to: number): boolean {
  const ms = time(value);
  return ms !== null && ms >= from && ms <= to;
}

/** Streams that started, and orders that were placed, within the period ending now. */
export function filterByPeriod(streams: LiveStream[], orders: Order[], period: AnalyticsPeriod, now: number) {
  const from = now - PERIOD_DAYS[period] * DAY_MS;
  return {
    streams: streams.filter((stream) => inWindow(stream.startedAt, from, now)),
    orders: orders.filter((order) => inWindow(order.createdAt, from, now)),
  };
}

/** What counts as revenue: money that arrived (paid) or goods that arrived (delivered, e.g. cash on delivery). */
export function isRevenueOrder(order: Pick<Order, 'status' | 'paymentStatus'>): boolean {
  return order.paymentStatus === 'paid' || order.status === 'delivered';
}

function toPaise(amount: string): number {
  const value = Number(amount);
  return Number.isFinite(value) ? Math.round(value * 100) : 0;
}

/** Total revenue in rupees: the sum of the totals of paid or delivered orders. */
export function totalRevenue(orders: Order[]): number {
  return orders.filter(isRevenueOrder).reduce((sum, order) => sum + toPaise(order.totalAmount), 0) / 100;
}

export function totalViewers(streams: LiveStream[]): number {
  return streams.reduce((sum, stream) => sum + stream.viewerCount, 0);
}

/** Issue 13: people who opened the shows' replays, beside the live viewers; null when the server does not say. */
export function totalReplayViews(streams: LiveStream[]): number | null {
  const counted = streams.filter((stream) => stream.replayViews !== undefined);
  return counted.length === 0 ? null : counted.reduce((sum, stream) => sum + (stream.replayViews ?? 0), 0);
}

/**
 * SPEC section 9: orders ÷ viewers × 100 with 2 decimals, or '0' when there are no streams
 * (and '0.00' when the streams had no viewers, rather than dividing by zero).
 */
export function conversionRate(orderCount: number, viewerCount: number, streamCount: number): string {
  if (streamCount === 0) return '0';
  if (viewerCount === 0) return '0.00';
  return ((orderCount / viewerCount) * 100).toFixed(2);
}

/** An ended stream: not live, with both a start and an end. */
function endedMinutes(stream: LiveStream): number | null {
  if (stream.isLive) return null;
  const start = time(stream.startedAt);
  const end = time(stream.endedAt);
  if (start === null || end === null || end < start) return null;
  return (end - start) / MINUTE_MS;
}

/** SPEC section 9: the sum of ended-stream minutes ÷ the number of ended streams, in whole minutes (0 with none). */
export function averageStreamMinutes(streams: LiveStream[]): number {
  const minutes = streams.map(endedMinutes).filter((m): m is number => m !== null);
  if (minutes.length === 0) return 0;
  return Math.round(minutes.reduce((sum, m) => sum + m, 0) / minutes.length);
}

/** Viewers per stream, rounded to a whole viewer (0 with no streams). */
export function averageViewers(streams: LiveStream[]): number {
  return streams.length === 0 ? 0 : Math.round(totalViewers(streams) / streams.length);
}

/** The ended streams with the most viewers (the more recent first on a tie), at most TOP_STREAMS_LIMIT. */
export function topStreams(streams: LiveStream[], limit: number = TOP_STREAMS_LIMIT): LiveStream[] {
  return streams
    .filter((stream) => !stream.isLive)
    .sort((a, b) => b.viewerCount - a.viewerCount || (time(b.startedAt) ?? 0) - (time(a.startedAt) ?? 0))
    .slice(0, limit);
}

export type AnalyticsSummary = {
  revenue: number;
  orders: number;
  viewers: number;
  conversionRate: string;
  streams: number;
  averageMinutes: number;
  averageViewers: number;
  replayViews: number | null;
  topStreams: LiveStream[];
};

/** Every figure on the analytics screen for one period. */
export function summarize(allStreams: LiveStream[], allOrders: Order[], period: AnalyticsPeriod, now: number): AnalyticsSummary {
  const { streams, orders } = filterByPeriod(allStreams, allOrders, period, now);
  const viewers = totalViewers(streams);
  return {
    revenue: totalRevenue(orders),
    orders: orders.length,
    viewers,
    conversionRate: conversionRate(orders.length, viewers, streams.length),
    streams: streams.length,
    averageMinutes: averageStreamMinutes(streams),
    averageViewers: averageViewers(streams),
    replayViews: totalReplayViews(streams),
    topStreams: topStreams(streams),
  };
}
