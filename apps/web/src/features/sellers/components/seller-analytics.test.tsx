import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Order } from '@live-market/contract/orders';
import type { LiveStream } from '@live-market/contract/streams';
import { renderWithProviders } from '@/testing/render';
import { SellerAnalytics } from './seller-analytics';

const NOW = Date.parse('2025-03-31T12:00:00.000Z');
const DAY = 24 * 3600_000;
const iso = (ms: number) => new Date(ms).toISOString();

const stream = (n: number, daysAgo: number, viewerCount: number): LiveStream => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  sellerId: '00000000-0000-4000-8000-0000000000bb',
  title: `Show ${n}`,
  description: null,
  thumbnailUrl: null,
  isLive: false,
  viewerCount,
  startedAt: iso(NOW - daysAgo * DAY),
  endedAt: iso(NOW - daysAgo * DAY + 40 * 60_000),
  scheduledFor: null,
  language: 'en',
});
const order = (n: number, daysAgo: number, totalAmount: string): Order => ({
  id: `00000000-0000-4000-9000-00000000000${n}`,
  status: 'confirmed',
  createdAt: iso(NOW - daysAgo * DAY),
  totalAmount,
  paymentMethod: 'upi',
  paymentStatus: 'paid',
  streamId: null,
  source: null,
  dealId: null,
  auctionId: null,
  payBy: null,
});

describe('SellerAnalytics', () => {
  it('filters every figure by the chosen period (default Month)', () => {
    // Week: show 1 (200 viewers), order 1. Month adds show 2 (300) and order 2. Year adds show 3 (500) and order 3.
    renderWithProviders(
      <SellerAnalytics
        now={NOW}
        failed={false}
        onRetry={() => {}}
        streams={[stream(1, 2, 200), stream(2, 20, 300), stream(3, 200, 500)]}
        orders={[order(1, 1, '1000.00'), order(2, 15, '2500.50'), order(3, 100, '100000.00')]}
      />,
    );
    const figure = (label: string) => screen.getByText(label).parentElement!.textContent!.replace(label, '');
    expect(screen.getByRole('tab', { name: 'Month' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByText('Last 30 days')).toBeTruthy();
    expect(figure('Total Revenue')).toBe('₹3,500.50');
    expect(figure('Total Orders')).toBe('2');
    expect(figure('Total Viewers')).toBe('500');
    expect(figure('Conversion Rate')).toBe('0.40%'); // 2 ÷ 500 × 100

    fireEvent.click(screen.getByRole('tab', { name: 'Week' }));
    expect(screen.getByText('Last 7 days')).toBeTruthy();
    expect(figure('Total Revenue')).toBe('₹1,000.00');
    expect(figure('Conversion Rate')).toBe('0.50%'); // 1 ÷ 200 × 100

    fireEvent.click(screen.getByRole('tab', { name: 'Year' }));
    expect(screen.getByText('Last 365 days')).toBeTruthy();
    expect(figure('Total Revenue')).toBe('₹1,03,500.50');
    expect(figure('Total Viewers')).toBe('1,000');
    const top = screen.getByRole('heading', { name: 'Top Performing Streams' }).parentElement!;
    expect(within(top).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      `1Show 3${'Sep 12, 2024'}500 viewers`,
      `2Show 2${'Mar 11, 2025'}300 viewers`,
      `3Show 1${'Mar 29, 2025'}200 viewers`,
    ]);
    expect(screen.getByText('Your streams perform best between 7-9 PM IST')).toBeTruthy();
    expect(screen.getByText('Using polls increases viewer engagement by 45%')).toBeTruthy();
  });

  it('shows a conversion rate of 0 without streams', () => {
    renderWithProviders(<SellerAnalytics now={NOW} failed={false} onRetry={() => {}} streams={[]} orders={[order(1, 1, '10.00')]} />);
    expect(screen.getByText('Conversion Rate').parentElement!.textContent).toBe('Conversion Rate0%');
    expect(screen.getByText('No ended streams in this period yet.')).toBeTruthy();
  });

  it('links a recorded show among the top streams to its replay, with its replay views beside the live viewers (issue 13)', () => {
    renderWithProviders(
      <SellerAnalytics now={NOW} failed={false} onRetry={() => {}} streams={[{ ...stream(1, 2, 200), hasReplay: true, replayViews: 1234 }, stream(2, 3, 100)]} orders={[]} />,
    );
    expect(screen.getByText('Replay views').parentElement!.textContent).toBe('Replay views1,234');
    const top = screen.getByRole('heading', { name: 'Top Performing Streams' }).parentElement!;
    const [recorded, notRecorded] = within(top).getAllByRole('listitem');
    expect(within(recorded!).getByRole('link', { name: 'Watch replay' }).getAttribute('href')).toBe('/stream/00000000-0000-4000-8000-000000000001');
    expect(within(recorded!).getByText('1,234 replay views')).toBeTruthy();
    expect(within(notRecorded!).queryByRole('link', { name: 'Watch replay' })).toBeNull();
  });
});

