import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Product } from '@live-market/contract/products';
import { findToast, renderWithProviders } from '@/testing/render';
import { ProductForm } from './product-form';

const product: Product = {
  id: '00000000-0000-4000-8000-0000000000cc',
  sellerId: '00000000-0000-4000-8000-0000000000bb',
  name: 'Kundan necklace',
  description: 'Bridal set',
  price: '2499.00',
  originalPrice: '2999.00',
  category: 'jewelry',
  stockQuantity: 4, weightGrams: 500,
  imageUrl: '/demo/necklace.svg',
  isActive: true, hsnCode: '7117', gstRatePercent: 3, countryOfOrigin: 'IN', returnDays: 7,
};

/** Answers each request in turn with the next [status, body]. */
function stubFetch(...answers: [number, unknown][]) {
  const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => {
    const [status, body] = answers.shift() ?? [500, {}];
    return new Response(JSON.stringify(body), { status });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderForm(current: Product | null = null) {
  const onSaved = vi.fn();
  const result = renderWithProviders(<ProductForm formId="product-form" product={current} storeCategory="jewelry" onSaved={onSaved} onBusyChange={() => {}} />);
  // Issue 28: a new product names its country of origin (the field starts empty).
  if (!current) fireEvent.change(screen.getByLabelText('Country of origin'), { target: { value: 'IN' } });
  const submit = () => fireEvent.submit(result.container.querySelector('form')!);
  const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label, { exact: true }), { target: { value } });
  return { onSaved, submit, type };
}

const sentBody = (fetchMock: ReturnType<typeof stubFetch>, call = 0) => JSON.parse(fetchMock.mock.calls[call]![1]!.body as string) as Record<string, unknown>;

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ProductForm', () => {
  it('labels every field, and lists the six categories with home as Home & Garden', () => {
    renderForm();
    for (const label of ['Product name', 'Price', 'Original price', 'Category', 'Stock quantity', 'Description', 'Active', 'Product photo']) {
      expect(screen.getByLabelText(label, { exact: true })).toBeTruthy();
    }
    expect((screen.getByLabelText('Product photo') as HTMLInputElement).type).toBe('file');
    expect(screen.getByLabelText('Product photo').getAttribute('capture')).toBe('environment');
    expect(screen.getByLabelText('Choose from gallery').getAttribute('capture')).toBeNull();
    const options = [...(screen.getByLabelText('Category') as HTMLSelectElement).options].map((o) => o.textContent);
    expect(options).toEqual(['Fashion', 'Jewelry', 'Electronics', 'Home & Garden', 'Beauty', 'Sports']);
    expect((screen.getByLabelText('Category') as HTMLSelectElement).value).toBe('jewelry');
  });

  it.each([
    ['no name', '', '499'],
    ['no price', 'Silver jhumkas', ''],
  ])("says 'Please fill in required fields' with %s and sends nothing", async (_case, name, price) => {
    const fetchMock = stubFetch([201, product]);
    const { submit, type } = renderForm();
    type('Product name', name);
    type('Price', price);
    submit();
    expect(await findToast('Please fill in required fields')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('omits an empty original price and weight, and sends stock 0 when it is left empty', async () => {
    const fetchMock = stubFetch([201, { ...product, name: 'Silver jhumkas' }]);
    const { submit, type, onSaved } = renderForm();
    type('Product name', 'Silver jhumkas');
    type('Price', '499.50');
    submit();
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/products');
    const body = sentBody(fetchMock);
    expect(body).toEqual({ name: 'Silver jhumkas', description: '', price: '499.50', category: 'jewelry', stockQuantity: 0, isActive: true, countryOfOrigin: 'IN', returnDays: 7 });
    expect('originalPrice' in body).toBe(false);
  });

  it('sends the packed weight in grams, and refuses one outside 1 g–30 kg before sending', async () => {
    const fetchMock = stubFetch([201, { ...product, name: 'Silver jhumkas' }]);
    const { submit, type, onSaved } = renderForm();
    type('Product name', 'Silver jhumkas');
    type('Price', '499.50');
    type('Packed weight (grams)', '0');
    submit();
    expect(await screen.findByText('Weight must be between 1 g and 30 kg')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
    type('Packed weight (grams)', '1250');
    submit();
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(sentBody(fetchMock).weightGrams).toBe(1250);
    expect(await findToast('Product Added')).toBeTruthy();
  });

  it('parses the stock as a whole number and refuses a fraction', async () => {
    const fetchMock = stubFetch([201, product]);
    const { submit, type, onSaved } = renderForm();
    type('Product name', 'Silver jhumkas');
    type('Price', '499');
    type('Stock quantity', '2.5');
    submit();
    expect(await findToast('Stock must be a whole number')).toBeTruthy();
    expect(screen.getByLabelText('Stock quantity').getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock).not.toHaveBeenCalled();
    type('Stock quantity', '12');
    submit();
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(sentBody(fetchMock).stockQuantity).toBe(12);
  });

  it('edits a product with PATCH, keeping its photo unless a new one was uploaded', async () => {
    const fetchMock = stubFetch([200, { ...product, price: '2299.00' }]);
    const { submit, type, onSaved } = renderForm(product);
    expect((screen.getByLabelText('Price', { exact: true }) as HTMLInputElement).value).toBe('2499.00');
    type('Price', '2299');
    fireEvent.click(screen.getByLabelText('Active'));
    submit();
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(fetchMock.mock.calls[0]?.[0]).toBe(`/api/products/${product.id}`);
    expect(fetchMock.mock.calls[0]![1]!.method).toBe('PATCH');
    expect(sentBody(fetchMock)).toEqual({ name: 'Kundan necklace', description: 'Bridal set', price: '2299', originalPrice: '2999.00', category: 'jewelry', stockQuantity: 4, weightGrams: 500, isActive: false, countryOfOrigin: 'IN', returnDays: 7 });
    expect(await findToast('Product Updated')).toBeTruthy();
  });

  it('uploads a picked photo at once and saves its imageUrl with the product', async () => {
    const fetchMock = stubFetch([201, { imageUrl: '/uploads/products/0b0c2a43-8a8e-4a5c-9a53-1c1d7d0f9a10-640.webp', sizes: {} }], [201, product]);
    const { submit, type, onSaved } = renderForm();
    const photo = new File([new Uint8Array([137, 80, 78, 71])], 'saree.png', { type: 'image/png' });
    fireEvent.change(screen.getByLabelText('Product photo'), { target: { files: [photo] } });
    expect(await screen.findByText('Photo uploaded')).toBeTruthy();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/uploads/product-image');
    expect(init).toMatchObject({ method: 'POST', body: photo, headers: { 'Content-Type': 'image/png' }, credentials: 'include' });
    type('Product name', 'Pink saree');
    type('Price', '3999');
    submit();
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(sentBody(fetchMock, 1).imageUrl).toBe('/uploads/products/0b0c2a43-8a8e-4a5c-9a53-1c1d7d0f9a10-640.webp');
  });

  it('refuses a file that is not a photo before uploading it', async () => {
    const fetchMock = stubFetch();
    renderForm();
    fireEvent.change(screen.getByLabelText('Product photo'), { target: { files: [new File(['%PDF'], 'bill.pdf', { type: 'application/pdf' })] } });
    expect(await findToast('This file is not a supported photo. Choose a JPEG, PNG, WebP or AVIF image.')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('This file is not a supported photo. Choose a JPEG, PNG, WebP or AVIF image.');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("says 'Session Expired' when the session has ended, and 'Failed to create product' otherwise", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    stubFetch([401, { message: 'Unauthorized' }], [500, { message: 'Internal Server Error' }]);
    const { submit, type } = renderForm();
    type('Product name', 'Silver jhumkas');
    type('Price', '499');
    submit();
    expect(await findToast('Session Expired')).toBeTruthy();
    expect(await findToast('Please log in again to continue editing products')).toBeTruthy();
    submit();
    expect(await findToast('Failed to create product')).toBeTruthy();
    vi.clearAllTimers();
    vi.useRealTimers();
  });

  it('asks for the country of origin on a new product, and starts the return policy from the category', async () => {
    const fetchMock = stubFetch([201, product]);
    const { submit, type, onSaved } = renderForm();
    const origin = screen.getByLabelText('Country of origin') as HTMLSelectElement;
    expect([...origin.options].slice(0, 2).map((o) => o.textContent)).toEqual(['Choose a country', 'India']);
    fireEvent.change(origin, { target: { value: '' } });
    type('Product name', 'Rose face mist');
    type('Price', '349');
    submit();
    expect(await findToast('Choose the country of origin')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
    const returns = screen.getByLabelText('Returns') as HTMLSelectElement;
    expect([...returns.options].map((o) => o.textContent)).toEqual(['No returns', '7-day returns', '10-day returns', '15-day returns', '30-day returns']);
    expect(returns.value).toBe('7');
    fireEvent.change(screen.getByLabelText('Category'), { target: { value: 'beauty' } });
    expect(returns.value).toBe('0');
    fireEvent.change(origin, { target: { value: 'FR' } });
    submit();
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(sentBody(fetchMock)).toMatchObject({ category: 'beauty', countryOfOrigin: 'FR', returnDays: 0 });
  });
});
