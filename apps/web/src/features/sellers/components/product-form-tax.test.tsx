import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Product } from '@live-market/contract/products';
import { findToast, renderWithProviders } from '@/testing/render';
import { ProductForm } from './product-form';

// Issue 26: the product form's HSN code and GST rate.
const product: Product = {
  id: '00000000-0000-4000-8000-0000000000cc',
  sellerId: '00000000-0000-4000-8000-0000000000bb',
  name: 'Kundan necklace',
  description: 'Bridal set',
  price: '2499.00',
  originalPrice: null,
  category: 'jewelry',
  stockQuantity: 4, weightGrams: 500,
  imageUrl: null,
  isActive: true,
  hsnCode: '7117',
  gstRatePercent: 3, countryOfOrigin: 'IN', returnDays: 7,
};

function renderForm(current: Product | null = null) {
  const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => new Response(JSON.stringify(product), { status: 200 }));
  vi.stubGlobal('fetch', fetchMock);
  const onSaved = vi.fn();
  const result = renderWithProviders(<ProductForm formId="product-form" product={current} storeCategory="jewelry" onSaved={onSaved} onBusyChange={() => {}} />);
  // Issue 28: a new product names its country of origin (the field starts empty).
  if (!current) fireEvent.change(screen.getByLabelText('Country of origin'), { target: { value: 'IN' } });
  const change = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label, { exact: true }), { target: { value } });
  const submit = async () => {
    fireEvent.submit(result.container.querySelector('form')!);
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    return JSON.parse(fetchMock.mock.calls[0]![1]!.body as string) as Record<string, unknown>;
  };
  const hsn = () => (screen.getByLabelText('HSN code') as HTMLInputElement).value;
  const rate = () => (screen.getByLabelText('GST rate') as HTMLSelectElement).value;
  return { change, submit, hsn, rate };
}

afterEach(() => vi.unstubAllGlobals());

describe('ProductForm tax fields', () => {
  it("starts from the category's default, follows the category, and leaves the defaults to the server", async () => {
    const { change, submit, hsn, rate } = renderForm();
    expect([hsn(), rate()]).toEqual(['7117', '3']);
    expect([...(screen.getByLabelText('GST rate') as HTMLSelectElement).options].map((o) => o.textContent)).toEqual(['0%', '0.25%', '3%', '5%', '12%', '18%', '28%']);
    change('Category', 'fashion');
    expect([hsn(), rate()]).toEqual(['6204', '5']);
    change('Product name', 'Cotton kurta');
    change('Price', '899');
    const body = await submit();
    expect(body.category).toBe('fashion');
    expect('hsnCode' in body || 'gstRatePercent' in body).toBe(false);
  });

  it("keeps what the seller chose when the category changes, and sends it", async () => {
    const { change, submit, hsn, rate } = renderForm();
    change('HSN code', '711319');
    change('GST rate', '12');
    change('Category', 'electronics');
    expect([hsn(), rate()]).toEqual(['711319', '12']);
    change('Product name', 'Gold-plated earrings');
    change('Price', '1299');
    const body = await submit();
    expect(body).toMatchObject({ category: 'electronics', hsnCode: '711319', gstRatePercent: 12 });
  });

  it("prefills an edit from the product, and sends the new category's pair when the category changes", async () => {
    const { change, submit, hsn, rate } = renderForm({ ...product, category: 'jewelry' });
    expect([hsn(), rate()]).toEqual(['7117', '3']);
    change('Category', 'beauty');
    expect([hsn(), rate()]).toEqual(['3304', '18']);
    expect(await submit()).toMatchObject({ category: 'beauty', hsnCode: '3304', gstRatePercent: 18 });
  });

  it("refuses an HSN code that is not 4, 6 or 8 digits with the schema's message", async () => {
    const { change } = renderForm(product);
    change('HSN code', '71');
    fireEvent.submit(document.querySelector('form')!);
    expect(await findToast('An HSN code has 4, 6 or 8 digits')).toBeTruthy();
    expect(screen.getByLabelText('HSN code').getAttribute('aria-invalid')).toBe('true');
  });
});
