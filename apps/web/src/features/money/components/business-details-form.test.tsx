import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BusinessDetails } from '@live-market/contract/money';
import { renderWithProviders } from '@/testing/render';
import { BusinessDetailsForm } from './business-details-form';

const saved: BusinessDetails = {
  legalName: 'Priya Kundan House',
  address: '12 Johari Bazaar, Jaipur 302003',
  stateCode: '08',
  gstin: null,
  enrolmentNumber: 'EN0812345678',
  pan: null,
  updatedAt: '2026-11-28T10:00:00.000Z',
};

function renderForm(details: BusinessDetails | null = null) {
  const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => new Response(JSON.stringify(saved)));
  vi.stubGlobal('fetch', fetchMock);
  renderWithProviders(<BusinessDetailsForm details={details} />);
  const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
  const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Save business details' }));
  const sent = () => JSON.parse(fetchMock.mock.calls[0]![1]!.body as string) as Record<string, unknown>;
  return { fetchMock, type, submit, sent };
}

afterEach(() => vi.unstubAllGlobals());

describe('BusinessDetailsForm', () => {
  it("refuses a GSTIN of another state with the schema's message, then saves one of the business's state", async () => {
    const { fetchMock, type, submit, sent } = renderForm();
    type('Legal name of the business', 'Priya Kundan House');
    type('Business address', '12 Johari Bazaar, Jaipur 302003');
    type('State', '08');
    type('GSTIN', '27ABCDE1234F1Z5');
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe('This GSTIN belongs to another state');
    expect(fetchMock).not.toHaveBeenCalled();
    type('GSTIN', '08abcde1234f1z5');
    submit();
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(fetchMock.mock.calls[0]![1]!.method).toBe('PUT');
    expect(sent()).toEqual({ legalName: 'Priya Kundan House', address: '12 Johari Bazaar, Jaipur 302003', stateCode: '08', gstin: '08ABCDE1234F1Z5' });
  });

  it('starts from the saved details, and sends the enrolment number alone when that is chosen', async () => {
    const { type, submit, sent, fetchMock } = renderForm(saved);
    expect((screen.getByLabelText('State') as HTMLSelectElement).value).toBe('08');
    expect((screen.getByLabelText('GST enrolment number') as HTMLInputElement).value).toBe('EN0812345678');
    type('PAN (optional)', 'abcde1234f');
    submit();
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(sent()).toEqual({ legalName: saved.legalName, address: saved.address, stateCode: '08', enrolmentNumber: 'EN0812345678', pan: 'ABCDE1234F' });
  });

  it('asks for a GSTIN or an enrolment number under the one chosen', async () => {
    const { type, submit, fetchMock } = renderForm();
    type('Legal name of the business', 'Priya Kundan House');
    type('Business address', '12 Johari Bazaar, Jaipur 302003');
    type('State', '08');
    fireEvent.click(screen.getByLabelText('I have an enrolment number'));
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe('Enter your GSTIN or GST enrolment number');
    expect(screen.getByLabelText('GST enrolment number').getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
