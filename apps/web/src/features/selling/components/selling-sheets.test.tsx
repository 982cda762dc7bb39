import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Product } from '@live-market/contract/products';
import { renderWithProviders } from '@/testing/render';
import { STREAM } from '../testing/fixtures';
import { AuctionSheet } from './auction-sheet';
import { DealSheet } from './deal-sheet';

const product: Product = {
  id: '00000000-0000-4000-8000-0000000000e1',
  sellerId: '00000000-0000-4000-8000-0000000000f1',
  name: 'Ilkal saree',
  description: null,
  price: '1299.00',
  originalPrice: null,
  category: 'fashion',
  stockQuantity: 20, weightGrams: 500,
  imageUrl: null,
  isActive: true, hsnCode: '7117', gstRatePercent: 3, countryOfOrigin: 'IN', returnDays: 7,
};

afterEach(() => vi.unstubAllGlobals());

// Issue 25: a zero amount got past the sheets to the database's CHECK (a 500). The contract refuses it
// now, and the sheet shows the contract's message, the same one the server answers.
describe('zero amounts in the seller’s sheets', () => {
  it('the flash deal sheet says the deal price must be more than ₹0 and sends nothing', () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<DealSheet streamId={STREAM} product={product} open onOpenChange={() => {}} />);
    fireEvent.change(screen.getByLabelText('Deal price (₹)'), { target: { value: '0.00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Start deal' }));
    expect(screen.getByRole('alert').textContent).toBe('The deal price must be more than ₹0');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('the auction sheet says the starting bid must be more than ₹0 and sends nothing', () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<AuctionSheet streamId={STREAM} product={product} open onOpenChange={() => {}} />);
    fireEvent.change(screen.getByLabelText('Starting bid (₹)'), { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Start auction' }));
    expect(screen.getByRole('alert').textContent).toBe('The starting bid must be more than ₹0');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
