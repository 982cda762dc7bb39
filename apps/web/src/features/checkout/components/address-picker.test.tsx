import { act, screen, waitFor } from '@testing-library/react';
import { onlineManager } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Address } from '@live-market/contract/orders';
import { changeLanguage } from '@/lib/i18n';
import { renderWithProviders } from '@/testing/render';
import { buyerContact } from '../utils/buyer-contact';
import { AddressPicker } from './address-picker';

const HOME: Address = { id: '00000000-0000-4000-8000-0000000000a1', name: 'Meera Iyer', phone: '9845012345', pincode: '560034', state: 'West Bengal', city: 'Kolkata', line1: '12 Park Street', line2: '' };

afterEach(async () => {
  act(() => onlineManager.setOnline(true));
  vi.unstubAllGlobals();
  await changeLanguage('en');
});

describe('AddressPicker', () => {
  it('offline before the saved addresses came, says they come back online instead of an empty form', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify([HOME]))));
    act(() => onlineManager.setOnline(false));
    renderWithProviders(<AddressPicker value={null} onChange={() => {}} />);
    expect(await screen.findByText("Your saved addresses will show here when you're back online.")).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'New address' })).toBeNull();
    // Back online: the paused request goes and the saved address shows.
    act(() => onlineManager.setOnline(true));
    expect(await screen.findByText('Meera Iyer · 9845012345')).toBeTruthy();
  });

  it('keeps showing the saved addresses offline once they came', async () => {
    act(() => onlineManager.setOnline(false));
    renderWithProviders(<AddressPicker value={HOME.id} onChange={() => {}} />, { seed: (qc) => qc.setQueryData(['/api/addresses'], [HOME]) });
    expect(screen.getByText('Meera Iyer · 9845012345')).toBeTruthy();
    expect(screen.getByRole('radio', { checked: true })).toBeTruthy();
  });

  it("fills a first address with the account's name and mobile number", async () => {
    const contact = buyerContact({ firstName: 'Meera', lastName: 'Iyer', phoneNumber: '+919845012345' });
    renderWithProviders(<AddressPicker value={null} onChange={() => {}} contact={contact} />, { seed: (qc) => qc.setQueryData(['/api/addresses'], []) });
    const form = await screen.findByRole('form', { name: 'New address' });
    expect((form.querySelector('input[autocomplete="name"]') as HTMLInputElement).value).toBe('Meera Iyer');
    expect((form.querySelector('input[autocomplete="tel-national"]') as HTMLInputElement).value).toBe('9845012345');
    expect((form.querySelector('input[autocomplete="postal-code"]') as HTMLInputElement).value).toBe('');
  });

  it('names the states in the reader’s language and script, keeping the stored English value', async () => {
    await changeLanguage('bn');
    renderWithProviders(<AddressPicker value={HOME.id} onChange={() => {}} />, { seed: (qc) => qc.setQueryData(['/api/addresses'], [HOME]) });
    expect(await screen.findByText(/পশ্চিমবঙ্গ 560034/)).toBeTruthy();
  });

  it('offers the state list in the reader’s script, sorted in it, with the English names as values', async () => {
    await changeLanguage('ta');
    const { container } = renderWithProviders(<AddressPicker value={null} onChange={() => {}} />, { seed: (qc) => qc.setQueryData(['/api/addresses'], []) });
    await waitFor(() => expect(container.querySelector('form')).toBeTruthy());
    const options = [...container.querySelectorAll('select[autocomplete="address-level1"] option')].slice(1) as HTMLOptionElement[];
    expect(options).toHaveLength(36);
    const tamilNadu = options.find((o) => o.value === 'Tamil Nadu');
    expect(tamilNadu?.textContent).toBe('தமிழ்நாடு');
    const labels = options.map((o) => o.textContent ?? '');
    expect(labels).toEqual([...labels].sort(new Intl.Collator('ta').compare));
    expect(labels.some((label) => /[A-Za-z]/.test(label))).toBe(false);
  });
});

describe('buyerContact', () => {
  it('takes the name and a 10-digit mobile number from the account, and nothing it cannot use', () => {
    expect(buyerContact({ firstName: 'Ravi', lastName: null, phoneNumber: '+91 98450 12345' })).toEqual({ name: 'Ravi', phone: '9845012345' });
    expect(buyerContact({ firstName: null, lastName: null, phoneNumber: null })).toEqual({ name: '', phone: '' });
    expect(buyerContact({ firstName: 'Ana', lastName: 'Gomes', phoneNumber: '+14155550100' })).toEqual({ name: 'Ana Gomes', phone: '' });
    expect(buyerContact(null)).toBeUndefined();
  });
});
