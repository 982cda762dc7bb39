import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Seller } from '@live-market/contract/sellers';
import { findToast, renderWithProviders } from '@/testing/render';
import { CreateStoreForm, registrationFailureMessage } from './create-store-form';

const seller: Seller = {
  id: '00000000-0000-4000-8000-0000000000bb',
  userId: '00000000-0000-4000-8000-000000000001',
  storeName: 'Asha Silks',
  description: 'Handwoven silk sarees from Kanchipuram',
  category: 'fashion',
  followersCount: 0,
  totalSales: '0.00',
  isVerified: false,
  verificationLevel: 'none',
};

function stubFetch(status: number, body: unknown) {
  const fetchMock = vi.fn(async () => new Response(JSON.stringify(body), { status }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function fill({ storeName = 'Asha Silks', category = 'fashion', description = 'Handwoven silk sarees from Kanchipuram' } = {}) {
  fireEvent.change(screen.getByLabelText('Store name'), { target: { value: storeName } });
  fireEvent.change(screen.getByLabelText('Category'), { target: { value: category } });
  fireEvent.change(screen.getByLabelText('Description'), { target: { value: description } });
  fireEvent.click(screen.getByRole('button', { name: 'Create Store' }));
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('CreateStoreForm', () => {
  it('offers Jewelry and Fashion only', () => {
    renderWithProviders(<CreateStoreForm onCreated={() => {}} />);
    const options = [...(screen.getByLabelText('Category') as HTMLSelectElement).options].filter((o) => !o.disabled).map((o) => o.textContent);
    expect(options).toEqual(['Jewelry', 'Fashion']);
  });

  it("shows SPEC section 5's messages and sends nothing", async () => {
    const fetchMock = stubFetch(201, seller);
    renderWithProviders(<CreateStoreForm onCreated={() => {}} />);
    fill({ storeName: 'A', category: '', description: 'Too short' });
    expect(await screen.findByText('Store name must be at least 2 characters')).toBeTruthy();
    expect(screen.getByText('Description must be at least 10 characters')).toBeTruthy();
    expect(screen.getByText('Please select a category')).toBeTruthy();
    expect(screen.getByLabelText('Store name').getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('creates the store, welcomes the seller and hands the store on', async () => {
    const fetchMock = stubFetch(201, seller);
    const onCreated = vi.fn();
    renderWithProviders(<CreateStoreForm onCreated={onCreated} />);
    fill();
    expect(await findToast('Welcome to LiveMarket Sellers!')).toBeTruthy();
    expect(await findToast('Your store Asha Silks is ready.')).toBeTruthy();
    expect(onCreated).toHaveBeenCalledWith(seller);
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/sellers',
      expect.objectContaining({ method: 'POST', body: JSON.stringify({ storeName: 'Asha Silks', description: 'Handwoven silk sarees from Kanchipuram', category: 'fashion' }) }),
    );
  });

  it("says 'Registration Failed' with the server's message", async () => {
    stubFetch(409, { message: 'You already have a store' });
    const onCreated = vi.fn();
    renderWithProviders(<CreateStoreForm onCreated={onCreated} />);
    fill();
    expect(await findToast('Registration Failed')).toBeTruthy();
    expect(await findToast('You already have a store')).toBeTruthy();
    expect(onCreated).not.toHaveBeenCalled();
  });

  it('falls back to the generic message when the server gives none', () => {
    expect(registrationFailureMessage(new Error('500: {"message":"Internal Server Error"}'))).toBeNull();
    expect(registrationFailureMessage(new Error('502: Bad Gateway'))).toBeNull();
    expect(registrationFailureMessage(new Error('409: {"message":"You already have a store"}'))).toBe('You already have a store');
  });
});
