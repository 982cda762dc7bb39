import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PayoutAccount } from '@live-market/contract/money';
import { findToast, renderWithProviders } from '@/testing/render';
import { PayoutAccountForm } from './payout-account-form';

const saved: PayoutAccount = {
  kind: 'bank',
  accountHolderName: 'Priya Sharma',
  ifsc: 'SBIN0001234',
  accountNumberMasked: 'XXXXXX7890',
  vpaMasked: null,
  updatedAt: '2026-11-28T10:00:00.000Z',
};

function stubFetch(status = 200, body: unknown = saved) {
  const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => new Response(JSON.stringify(body), { status }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderForm() {
  const onSaved = vi.fn();
  renderWithProviders(<PayoutAccountForm account={null} onSaved={onSaved} />);
  const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
  const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Save payout account' }));
  return { onSaved, type, submit };
}

afterEach(() => vi.unstubAllGlobals());

describe('PayoutAccountForm', () => {
  it("refuses a bad IFSC with the schema's message and sends nothing, then saves a good one", async () => {
    const fetchMock = stubFetch();
    const { onSaved, type, submit } = renderForm();
    type("Account holder's name", 'Priya Sharma');
    type('IFSC', 'SBIN123');
    type('Account number', '12345677890');
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe('Enter a valid IFSC, like SBIN0001234');
    expect(screen.getByLabelText('IFSC').getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock).not.toHaveBeenCalled();

    // Typed in lower case: the schema upper-cases it.
    type('IFSC', 'sbin0001234');
    submit();
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(saved));
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/seller/payout-account');
    expect(init?.method).toBe('PUT');
    expect(JSON.parse(init?.body as string)).toEqual({ accountHolderName: 'Priya Sharma', ifsc: 'SBIN0001234', accountNumber: '12345677890' });
    expect(await findToast('Payout account saved')).toBeTruthy();
  });

  it('sends only the UPI id when UPI is chosen, and refuses one without a handle', async () => {
    const fetchMock = stubFetch(200, { ...saved, kind: 'vpa', ifsc: null, accountNumberMasked: null, vpaMasked: 'pr***@okaxis' });
    const { onSaved, type, submit } = renderForm();
    fireEvent.click(screen.getByLabelText('UPI'));
    expect(screen.queryByLabelText('IFSC')).toBeNull();
    type("Account holder's name", 'Priya Sharma');
    type('UPI id', 'priya');
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe('Enter a valid UPI id, like name@okbank');
    expect(fetchMock).not.toHaveBeenCalled();
    type('UPI id', 'priya@okaxis');
    submit();
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(JSON.parse(fetchMock.mock.calls[0]![1]!.body as string)).toEqual({ accountHolderName: 'Priya Sharma', vpa: 'priya@okaxis' });
  });

  it("toasts the server's reason when it refuses the account", async () => {
    stubFetch(400, { message: 'This IFSC is not a bank branch we know' });
    const { type, submit } = renderForm();
    type("Account holder's name", 'Priya Sharma');
    type('IFSC', 'SBIN0001234');
    type('Account number', '12345677890');
    submit();
    expect(await findToast('Could not save your payout account')).toBeTruthy();
    expect(await findToast('This IFSC is not a bank branch we know')).toBeTruthy();
  });
});
