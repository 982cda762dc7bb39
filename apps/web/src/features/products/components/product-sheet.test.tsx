import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Product, ProductPage } from '@live-market/contract/products';
import { renderWithProviders } from '@/testing/render';
import { ProductSheet } from './product-sheet';
import { SoldByLine } from './sold-by-line';

const product: Product = {
  id: '00000000-0000-4000-8000-0000000000cc',
  sellerId: '00000000-0000-4000-8000-0000000000bb',
  name: 'Kundan necklace',
  description: 'Bridal set',
  price: '12499.00',
  originalPrice: '15999.00',
  category: 'jewelry',
  stockQuantity: 3,
  weightGrams: 500,
  imageUrl: null,
  isActive: true,
  hsnCode: '7117',
  gstRatePercent: 3,
  countryOfOrigin: 'IN',
  returnDays: 7,
};
const page: ProductPage = {
  product,
  soldBy: {
    sellerId: product.sellerId,
    storeName: "Priya's Kundan House",
    legalName: 'Priya Sharma',
    address: '42 Johari Bazaar, Jaipur, Rajasthan 302003',
    state: 'Rajasthan',
    gstin: '08ABCPS1234K1Z3',
    enrolmentNumber: null,
  },
};

function stubFetch(status: number, body: unknown) {
  const fetchMock = vi.fn(async (_url: string) => new Response(JSON.stringify(body), { status }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
afterEach(() => vi.unstubAllGlobals());

describe('ProductSheet', () => {
  it('shows the price against the MRP, the stock the server counts, the origin, the returns and who sells it', async () => {
    const fetchMock = stubFetch(200, page);
    const onBuy = vi.fn();
    renderWithProviders(<ProductSheet product={product} open onOpenChange={() => {}} onBuy={onBuy} renderTrust={(_id, store) => <span>Trust of {store}</span>} />);
    expect(await screen.findByText('Priya Sharma')).toBeTruthy();
    expect(fetchMock.mock.calls[0]![0]).toBe(`/api/products/${product.id}`);
    expect(screen.getByText('₹12,499.00')).toBeTruthy();
    expect(screen.getByText('₹15,999.00').tagName).toBe('S');
    expect(screen.getByText(/^MRP/)).toBeTruthy();
    expect(screen.getByText('22% off')).toBeTruthy();
    expect(screen.getByText('Inclusive of all taxes')).toBeTruthy();
    expect(screen.getByText('Only 3 left')).toBeTruthy();
    expect(screen.getByText('India')).toBeTruthy();
    expect(screen.getByText('7-day returns')).toBeTruthy();
    expect(screen.getByText('Return it within 7 days of delivery, for any reason.')).toBeTruthy();
    expect(screen.getByText("Priya's Kundan House")).toBeTruthy();
    expect(screen.getByText('42 Johari Bazaar, Jaipur, Rajasthan 302003')).toBeTruthy();
    expect(screen.getByText('GSTIN 08ABCPS1234K1Z3')).toBeTruthy();
    expect(screen.getByText("Trust of Priya's Kundan House")).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Buy Now' }));
    expect(onBuy).toHaveBeenCalledOnce();
  });

  it('says a product without returns goes back only when faulty, and a seller without business details says so', async () => {
    stubFetch(200, { product: { ...product, returnDays: 0, countryOfOrigin: null, originalPrice: null, stockQuantity: 40 }, soldBy: { ...page.soldBy, legalName: null, address: null, state: null, gstin: null } });
    renderWithProviders(<ProductSheet product={product} open onOpenChange={() => {}} onBuy={() => {}} />);
    expect(await screen.findByText('The seller has not given their legal name and address yet.')).toBeTruthy();
    expect(screen.getByText('No returns')).toBeTruthy();
    expect(screen.getByText('Returned only if it arrives damaged, wrong or not as described, within 7 days of delivery.')).toBeTruthy();
    expect(screen.getByText('Not stated by the seller')).toBeTruthy();
    expect(screen.queryByText(/^MRP/)).toBeNull();
    expect(screen.queryByText(/left$/)).toBeNull();
  });

  it('tells the shopper when the product is no longer on sale, and offers no Buy Now', async () => {
    stubFetch(404, { message: 'Product not found' });
    renderWithProviders(<ProductSheet product={product} open onOpenChange={() => {}} onBuy={() => {}} />);
    expect(await screen.findByText('This product is no longer on sale.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Buy Now' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('SoldByLine', () => {
  it('names the seller, their GSTIN, the return policy and the origin at checkout', async () => {
    stubFetch(200, { ...page, product: { ...product, countryOfOrigin: 'LK' } });
    renderWithProviders(<SoldByLine productId={product.id} />);
    await waitFor(() => expect(screen.getByTestId('sold-by').textContent).toContain('Sold by Priya Sharma'));
    expect(screen.getByTestId('sold-by').textContent).toContain('GSTIN 08ABCPS1234K1Z3');
    expect(screen.getByTestId('sold-by').textContent).toContain('7-day returns · Country of origin: Sri Lanka');
  });
});
