import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OrderDetail } from '@live-market/contract/orders';
import type { Review, StoreReviews } from '@live-market/contract/reviews';
import { renderWithProviders } from '@/testing/render';
import { OrderReviews } from './order-reviews';
import { SellerReviewsCard } from './seller-reviews-card';

// Issue 28: the buyer rates a delivered item once; the store answers each review once.
const ORDER = '00000000-0000-4000-8000-00000000aa11';
const SELLER = '00000000-0000-4000-8000-0000000000b1';
const ITEM_A = '00000000-0000-4000-8000-0000000000e1';
const ITEM_B = '00000000-0000-4000-8000-0000000000e2';
const REVIEW = '00000000-0000-4000-8000-0000000000c1';

const order = { id: ORDER, status: 'delivered', sellerId: SELLER, items: [
  { id: ITEM_A, productId: null, name: 'Kundan jhumka', imageUrl: null, unitPrice: '799.00', quantity: 1, weightGrams: null },
  { id: ITEM_B, productId: null, name: 'Silver anklet', imageUrl: null, unitPrice: '499.00', quantity: 1, weightGrams: null },
] } as unknown as OrderDetail;

const review = (overrides: Partial<Review> = {}): Review => ({
  id: REVIEW,
  orderItemId: ITEM_A,
  rating: 4,
  text: 'Lovely finish',
  photoUrls: [],
  buyerName: 'Ravi K.',
  productName: 'Kundan jhumka',
  createdAt: '2026-11-25T10:00:00.000Z',
  reply: null,
  ...overrides,
});

const posts = (fetchMock: ReturnType<typeof vi.fn>) => fetchMock.mock.calls.filter(([, init]) => (init as RequestInit | undefined)?.method === 'POST');

afterEach(() => vi.unstubAllGlobals());

describe('OrderReviews', () => {
  it('shows the stars given, and rates the other item with stars and words', async () => {
    const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
      if (init?.method === 'POST') return Response.json(review({ id: '00000000-0000-4000-8000-0000000000c2', orderItemId: ITEM_B, rating: 5, text: 'Perfect fit' }), { status: 201 });
      return Response.json(url.endsWith('/reviews') ? [review()] : {});
    });
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<OrderReviews order={order} />);
    expect(await screen.findByRole('img', { name: '4 stars' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Rate Kundan jhumka' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Rate Silver anklet' }));
    const sheet = await screen.findByRole('dialog', { name: 'How was Silver anklet?' });
    fireEvent.click(within(sheet).getByRole('button', { name: 'Post review' }));
    expect(await within(sheet).findByText('Choose 1 to 5 stars')).toBeTruthy();
    expect(posts(fetchMock)).toHaveLength(0);
    fireEvent.click(within(sheet).getByRole('radio', { name: '5 stars' }));
    fireEvent.change(within(sheet).getByLabelText('Your review (optional)'), { target: { value: ' Perfect fit ' } });
    fireEvent.click(within(sheet).getByRole('button', { name: 'Post review' }));
    expect(await within(sheet).findByText('Thank you for your review')).toBeTruthy();
    const [url, init] = posts(fetchMock)[0]!;
    expect(url).toBe(`/api/orders/${ORDER}/reviews`);
    expect(JSON.parse((init as RequestInit).body as string)).toEqual({ orderItemId: ITEM_B, rating: 5, text: 'Perfect fit' });
  });

  it('offers nothing before delivery', () => {
    vi.stubGlobal('fetch', vi.fn(async () => Response.json([])));
    renderWithProviders(<OrderReviews order={{ ...order, status: 'shipped' }} />);
    expect(screen.queryByRole('button', { name: /^Rate/ })).toBeNull();
  });
});

describe('SellerReviewsCard', () => {
  it('lists the reviews with the rating, and replies once', async () => {
    const page: StoreReviews = { average: 4.5, count: 2, distribution: [0, 0, 0, 1, 1], reviews: [review(), review({ id: '00000000-0000-4000-8000-0000000000c3', buyerName: null, rating: 5, text: 'Fast delivery', reply: { text: 'Thank you!', at: '2026-11-26T10:00:00.000Z' } })], nextCursor: null };
    const fetchMock = vi.fn(async (_url: string, init?: RequestInit) => (init?.method === 'POST' ? Response.json(review({ reply: { text: 'Thanks, Ravi', at: '2026-11-27T10:00:00.000Z' } })) : Response.json(page)));
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<SellerReviewsCard sellerId={SELLER} storeName="Asha Jewels" />);

    expect(await screen.findByText('Lovely finish')).toBeTruthy();
    expect(screen.getByText('Deleted user')).toBeTruthy();
    expect(screen.getByText('Reply from Asha Jewels')).toBeTruthy();
    // Only the unanswered review offers Reply.
    expect(screen.getAllByRole('button', { name: /^Reply to/ })).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Reply to Ravi K.' }));
    fireEvent.change(screen.getByLabelText('Reply to Ravi K.'), { target: { value: 'Thanks, Ravi' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send reply' }));
    await waitFor(() => expect(posts(fetchMock)).toHaveLength(1));
    expect(posts(fetchMock)[0]![0]).toBe(`/api/reviews/${REVIEW}/reply`);
  });
});
